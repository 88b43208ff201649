import type { z } from 'zod';
import { developmentSecretIssues } from './dev-secrets.js';

export interface ConfigIssue {
  key: string;
  message: string;
}

/** Boot-time configuration failure naming every bad key at once. */
export class ConfigError extends Error {
  constructor(
    readonly app: string,
    readonly issues: ConfigIssue[],
  ) {
    super(`Invalid configuration for ${app}:\n` + issues.map((i) => `  - ${i.key}: ${i.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses the environment against a schema; empty strings count as unset. With NODE_ENV=production a
 * known development secret (dev-secrets.ts) is refused like an invalid value, naming the key.
 */
export function loadConfig<S extends z.ZodObject>(
  app: string,
  schema: S,
  env: Env = process.env,
): z.output<S> {
  const input: Env = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) {
    const data = result.data as Record<string, unknown>;
    const production = (data.NODE_ENV ?? env.NODE_ENV) === 'production';
    const unsafe = production ? developmentSecretIssues(app, data) : [];
    if (unsafe.length > 0)
      throw new ConfigError(
        app,
        unsafe.map((i) => ({ ...i, message: `${i.message} (refused when NODE_ENV=production)` })),
      );
    return result.data;
  }
  const issues = result.error.issues.map((issue) => ({
    key: String(issue.path[0] ?? '(root)'),
    message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message,
  }));
  throw new ConfigError(app, issues);
}
