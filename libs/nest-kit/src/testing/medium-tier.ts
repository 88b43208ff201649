// The medium tier (issue #31 item 5): one service's Nest module exactly as both runtimes start it
// (`startService`: migrations, transport, handlers, outbox), on a fresh PostgreSQL database of its own
// and an in-process bus, with typed stubs answering for the other services it asks and a recorder of
// every event on the bus. A service's own rules are tested here, in its folder; what the whole stack adds
// (the gateway's HTTP and sessions, the other services' rules) stays in apps/standalone's journeys.
import { after, before } from 'node:test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { z } from 'zod';
import { loadConfig } from '@metatag/config';
import { createMigratedDatabase } from '@metatag/db';
import type {
  EventDefinition,
  EventParsed,
  ReplyOf,
  RequestDefinition,
  RequestParsed,
} from '@metatag/events';
import type { Clock } from '../clock.js';
import { InProcessBus } from '../in-process/in-process-bus.js';
import { InProcessServer } from '../in-process/in-process.server.js';
import { createLogger } from '../logger.js';
import type { ServiceClient } from '../service-client.js';
import { startService, type RunningService, type ServiceDefinition } from '../service-definition.js';
import { createServiceClient } from '../transport.js';

/** An answer for one request another service would give: typed by the request's definition. */
export interface Stub {
  readonly pattern: string;
  handle(data: unknown): unknown;
}

/**
 * A typed stub of another service's request: the handler receives the parsed request (as the real
 * service would) and must return what the reply schema accepts — checked, so a stub cannot drift from
 * the contract the real service is held to.
 */
export function answer<D extends RequestDefinition>(
  definition: D,
  handle: (request: RequestParsed<D>) => ReplyOf<D> | Promise<ReplyOf<D>>,
): Stub {
  return {
    pattern: definition.pattern,
    handle: async (data) =>
      definition.reply.parse(await handle(definition.request.parse(data) as RequestParsed<D>)),
  };
}

/** An event as it crossed the bus: its subject and payload. */
export interface RecordedEvent {
  subject: string;
  data: unknown;
}

/** The other services: answers the stubbed requests, and receives (records) every event. */
class OtherServices extends InProcessServer {
  constructor(
    bus: InProcessBus,
    private readonly stubs: Map<string, Stub>,
    private readonly record: (event: RecordedEvent) => void,
  ) {
    super(bus);
  }

  override answers(pattern: string, isEvent: boolean): boolean {
    return isEvent || this.stubs.has(pattern);
  }

  override async call(pattern: string, data: unknown): Promise<unknown> {
    const stub = this.stubs.get(pattern);
    // a request the test did not expect is a failure of the test, named
    if (!stub) throw new Error(`the medium tier has no stub for "${pattern}"`);
    return stub.handle(data);
  }

  override async event(pattern: string, data: unknown): Promise<void> {
    this.record({ subject: pattern, data });
  }
}

export interface MediumTier {
  /** Requests and events to the service, as another service sends them. */
  readonly client: ServiceClient;
  readonly service: RunningService;
  /** Every event on the bus, the service's own and the test's, in order. */
  readonly events: RecordedEvent[];
  /** The payloads of one event the bus carried so far. */
  published<D extends EventDefinition>(definition: D): EventParsed<D>[];
  /** A query on the service's own database (assertions only: seed through its messages). */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export interface MediumTierOptions {
  /** The service's environment beyond what the tier sets (TRANSPORT, DATABASE_URL, LOG_LEVEL). */
  env?: Record<string, string>;
  stubs?: Stub[];
  clock?: Clock;
}

/** Starts `definition` on a fresh database with stubs for the services it asks. */
export async function startMediumTier<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
  options: MediumTierOptions = {},
): Promise<MediumTier> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test');
  const dbName = `metatag_medium_${definition.name}_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${dbName}`;
  // a copy of a database with the service's migrations applied (made once per set of migrations)
  await createMigratedDatabase(url.toString(), [
    { schema: definition.name, folder: definition.migrationsFolder },
  ]);
  const env = {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
    TRANSPORT: 'inprocess',
    DATABASE_URL: url.toString(),
  };
  const config = loadConfig(definition.name, definition.configSchema, env) as Parameters<
    typeof startService<S>
  >[1];
  const bus = new InProcessBus();
  const events: RecordedEvent[] = [];
  const others = new OtherServices(bus, new Map((options.stubs ?? []).map((s) => [s.pattern, s])), (event) =>
    events.push(event),
  );
  others.listen(() => {});
  const service = await startService(definition, config, {
    logger: createLogger(definition.name, env.LOG_LEVEL as 'silent'),
    bus,
    clock: options.clock,
  });
  const client = createServiceClient(
    'medium-tier',
    { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused', RPC_TIMEOUT_MS: 10_000 },
    bus,
  );
  return {
    client,
    service,
    events,
    published: <D extends EventDefinition>(d: D) =>
      events.filter((e) => e.subject === d.subject).map((e) => d.payload.parse(e.data) as EventParsed<D>),
    query: async <T>(text: string, params: unknown[] = []) =>
      (await service.database.pool.query(text, params)).rows as T[],
    async stop() {
      await client.close();
      await service.stop();
      others.close();
      url.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * The same for a test file: started before its tests, stopped (its database dropped) after them.
 * Read the tier inside tests: it exists once `before` ran.
 */
export function useMediumTier<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
  options: MediumTierOptions = {},
): MediumTier {
  let tier: MediumTier | undefined;
  before(async () => {
    tier = await startMediumTier(definition, options);
  });
  after(() => tier?.stop());
  const started = (): MediumTier => {
    if (!tier) throw new Error('the medium tier starts in before()');
    return tier;
  };
  return {
    get client() {
      return started().client;
    },
    get service() {
      return started().service;
    },
    get events() {
      return started().events;
    },
    published: (d) => started().published(d),
    query: (text, params) => started().query(text, params),
    stop: () => started().stop(),
  };
}
