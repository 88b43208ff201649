import { z } from 'zod';
import { appSchemas, type AppName } from './schemas.js';

export interface ConfigRow {
  key: string;
  apps: AppName[];
  defaultValue: string | undefined;
  required: boolean;
  description: string;
}

function defaultOf(schema: z.ZodType): string | undefined {
  const probe = z.object({ v: schema }).safeParse({});
  if (!probe.success || probe.data.v === undefined) return undefined;
  return String(probe.data.v);
}

/** One row per environment key across every app: the source of the README configuration table. */
export function describeConfig(): ConfigRow[] {
  const rows = new Map<string, ConfigRow>();
  for (const [app, schema] of Object.entries(appSchemas) as [AppName, z.ZodObject][]) {
    for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
      const row = rows.get(key);
      if (row) {
        row.apps.push(app);
        continue;
      }
      const optional = field.safeParse(undefined).success;
      rows.set(key, {
        key,
        apps: [app],
        defaultValue: defaultOf(field),
        required: !optional,
        description: field.description ?? '',
      });
    }
  }
  return [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The markdown table kept in README.md. */
export function configTableMarkdown(): string {
  const lines = ['| Key | Default | Apps | Meaning |', '|---|---|---|---|'];
  for (const row of describeConfig()) {
    const fallback = row.defaultValue ?? (row.required ? '(required)' : '(unset)');
    lines.push(`| \`${row.key}\` | ${fallback} | ${row.apps.join(', ')} | ${row.description} |`);
  }
  return lines.join('\n');
}
