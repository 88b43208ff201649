// `npm run outbox -- <command>`: the services' outbox dead letters (libs/outbox), without SQL by hand.
//
//   npm run outbox -- dead [--service relayer|templates|chiplinks] [--limit N]
//   npm run outbox -- resend (--id N [--id M …] | --all) --service relayer|templates|chiplinks
//
// `dead` lists the rows each service's publisher gave up on (id, subject, attempts, dead_at, the last
// error cut short) — never a payload: events may carry personal data. `resend` re-arms them
// (`DeadLetters.resend` of @metatag/outbox: live again, attempts 0, due now); the running service's
// publisher sends them on its next round and deletes them. Named rows are re-armed only if all are
// dead: one that is live or gone is said so, nothing is re-armed, and the exit code is 1.
//
// Database: DATABASE_URL, else libs/config's default (the distributed mode's local PostgreSQL). The
// standalone process's embedded one: DATABASE_URL=postgres://metatag:<POSTGRES_PASSWORD of
// .data/secrets.json>@127.0.0.1:54329/metatag.
import { parseArgs } from 'node:util';
import { ROW_ID_PATTERN } from '@metatag/api-types';
import { templatesSchema } from '@metatag/config';
import { createDatabase, type Database } from '@metatag/db';
import { DeadLetters, type DeadLetter, type OutboxTable } from '@metatag/outbox';
import { outbox as chiplinksOutbox } from '../apps/chiplinks/src/db/schema.js';
import { outbox as relayerOutbox } from '../apps/relayer/src/db/schema.js';
import { outbox as templatesOutbox } from '../apps/templates/src/db/schema.js';

/** The services with an outbox, each with its table (the schema file drizzle-kit migrates from). */
const TABLES: Record<string, OutboxTable> = {
  relayer: relayerOutbox,
  templates: templatesOutbox,
  chiplinks: chiplinksOutbox,
};
const SERVICES = Object.keys(TABLES);
const USAGE = `usage:
  npm run outbox -- dead [--service ${SERVICES.join('|')}] [--limit N]
  npm run outbox -- resend (--id N [--id M …] | --all) --service ${SERVICES.join('|')}`;
/** How much of a last error a listing shows (one line each). */
const ERROR_CHARS = 100;

class UsageError extends Error {}

interface Args {
  command: 'dead' | 'resend' | 'help';
  service?: string;
  ids: number[];
  all: boolean;
  limit: number;
}

function parse(argv: string[]): Args {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      id: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help) return { command: 'help', ids: [], all: false, limit: 0 };
  if (rest.length > 0 || (command !== 'dead' && command !== 'resend')) throw new UsageError(USAGE);
  if (values.service !== undefined && !SERVICES.includes(values.service))
    throw new UsageError(`--service is one of ${SERVICES.join(', ')}`);
  const ids = (values.id ?? []).map((id) => {
    if (!ROW_ID_PATTERN.test(id) || Number(id) < 1)
      throw new UsageError(`--id ${id}: an outbox row id is a positive integer`);
    return Number(id);
  });
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit is 1 to 10000');
  if (command === 'resend') {
    if (!values.service) throw new UsageError('resend needs --service: one service at a time');
    const byId = ids.length > 0;
    if (byId === Boolean(values.all)) throw new UsageError('resend takes --id N (repeatable) or --all');
  }
  return { command, service: values.service, ids, all: Boolean(values.all), limit };
}

/** host:port/database of a connection string: what a message may show (never the password). */
function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

function table(rows: DeadLetter[]): string {
  const cells = [
    ['id', 'subject', 'attempts', 'dead_at', 'last_error'],
    ...rows.map((r) => [
      String(r.id),
      r.subject,
      String(r.attempts),
      r.deadAt.toISOString(),
      oneLine(r.lastError).slice(0, ERROR_CHARS),
    ]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells.map((row) => `  ${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd()).join('\n');
}

/** The driver's error under drizzle's "Failed query" wrapper (its message repeats the statement). */
const driverError = (error: unknown) =>
  ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };

/** PostgreSQL's "relation does not exist": the service's schema was never migrated in this database. */
const noTable = (error: unknown) => driverError(error).code === '42P01';

async function listDead(database: Database, services: string[], limit: number): Promise<number> {
  for (const service of services) {
    const letters = new DeadLetters(database.db, TABLES[service]!);
    try {
      const [rows, count] = await Promise.all([
        letters.list({ limit, errorChars: ERROR_CHARS }),
        letters.count(),
      ]);
      if (count === 0) {
        console.log(`${service}: no dead rows`);
        continue;
      }
      const shown = rows.length < count ? ` (the oldest ${rows.length} shown; --limit N for more)` : '';
      console.log(`${service}: ${count} dead row${count === 1 ? '' : 's'}${shown}\n${table(rows)}`);
    } catch (error) {
      if (!noTable(error)) throw error;
      console.log(`${service}: no outbox table in this database (the service has not run against it)`);
    }
  }
  return 0;
}

async function resend(database: Database, service: string, ids: number[], all: boolean): Promise<number> {
  const letters = new DeadLetters(database.db, TABLES[service]!);
  const result = await letters.resend(all ? { all: true } : { ids });
  const problems = [
    ...result.live.map((id) => `row ${id} is not dead: it is still live (waiting or being retried)`),
    ...result.missing.map(
      (id) => `row ${id} is not in ${service}'s outbox (already sent and deleted, or never stored)`,
    ),
  ];
  if (problems.length > 0) {
    console.error(`${service}: nothing re-armed.\n${problems.map((p) => `  ${p}`).join('\n')}`);
    return 1;
  }
  if (result.resent.length === 0) {
    console.log(`${service}: no dead rows to re-arm`);
    return 0;
  }
  console.log(
    `${service}: re-armed ${result.resent.length} row${result.resent.length === 1 ? '' : 's'} (id ${result.resent.join(', ')}). ` +
      `The running ${service}'s publisher sends them on its next round and deletes them; one that ` +
      `keeps failing is dead again after its attempts (npm run outbox -- dead --service ${service}).`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  let args: Args;
  try {
    args = parse(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  if (args.command === 'help') {
    console.log(USAGE);
    return 0;
  }
  // the services' own field (libs/config databaseSchema): its default and its check
  const url = templatesSchema.shape.DATABASE_URL.parse(process.env.DATABASE_URL || undefined);
  const database = createDatabase({ url, schema: 'public', poolSize: 2, applicationName: 'outbox-cli' });
  try {
    if (args.command === 'dead')
      return await listDead(database, args.service ? [args.service] : SERVICES, args.limit);
    return await resend(database, args.service!, args.ids, args.all);
  } catch (error) {
    // the driver's message names no secret; the URL is shown without its password
    console.error(`outbox: ${driverError(error).message ?? String(error)} (database ${where(url)})`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
