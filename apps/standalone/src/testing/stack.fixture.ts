import { randomBytes } from 'node:crypto';
import { replyProblems } from '@metatag/api-types';
import { createServer } from 'node:net';
import { createMigratedDatabase } from '@metatag/db';
import { createLogger, type Clock, type InProcessBus } from '@metatag/nest-kit';
import { STACK_MIGRATIONS, startInProcessStack, type InProcessStack } from '../in-process-stack.js';
import { startIndexerProcess, type StandaloneIndexer } from '../indexer-process.js';

export const ADMIN_PASSWORD = 'integration-admin-password';

export interface TestStack {
  stack: InProcessStack;
  url: string;
  databaseUrl: string;
  /** The chain indexer, when the stack was started with one. */
  indexer?: StandaloneIndexer;
  /**
   * Stops every service and starts them again on the same database, gateway port and secrets (a
   * process restart; the indexer keeps running, as the standalone supervisor's child would).
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole API in this process on a fresh database of the local PostgreSQL; port chosen by the OS.
 * With `indexer`, the chain indexer (Ponder, a child process) indexes that chain into the same
 * database, as the standalone start does: what the mint ledger and the index-first readers need.
 */
export async function startTestStack(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    bus?: InProcessBus;
    indexer?: { rpcUrl: string; locator: string };
    /** Every service's log lines (at `env.LOG_LEVEL`, silent by default) go here instead of stdout. */
    logs?: NodeJS.WritableStream;
  } = {},
): Promise<TestStack> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
  const url = new URL(base);
  url.pathname = `/metatag_it_${randomBytes(4).toString('hex')}`;
  const databaseUrl = url.toString();
  // a copy of a database with every service's migrations applied (made once per set of migrations)
  await createMigratedDatabase(databaseUrl, STACK_MIGRATIONS);
  const env = {
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SUPER_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RPC_URL_GANACHE: process.env.TEST_RPC_URL ?? 'http://127.0.0.1:1',
    RPC_TIMEOUT_MS: '5000',
    ...options.env,
  };
  const stack = await startInProcessStack(env, {
    clock: options.clock,
    gatewayPort: 0,
    bus: options.bus,
    logDestination: options.logs,
  });
  const address = stack.gateway.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const indexer =
    options.indexer &&
    (await startIndexerProcess({
      env: { ...process.env, LOG_LEVEL: 'silent' },
      logger: createLogger('indexer', 'silent'),
      databaseUrl,
      rpcUrl: options.indexer.rpcUrl,
      locator: options.indexer.locator,
      port: await freePort(),
    }));
  if (indexer) await indexer.settle();
  const test: TestStack = {
    stack,
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    indexer,
    async restart() {
      await test.stack.stop();
      test.stack = await startInProcessStack(env, {
        clock: options.clock,
        gatewayPort: port,
        bus: options.bus,
        logDestination: options.logs,
      });
    },
    async stop() {
      await indexer?.stop();
      await test.stack.stop();
    },
  };
  return test;
}

/** A reply body without its `traceId` (error replies name their trace; tests compare what else they say). */
export function withoutTrace(body: Record<string, unknown> | undefined): Record<string, unknown> {
  const { traceId: _traceId, ...rest } = body ?? {};
  return rest;
}

/**
 * Replies are checked against the route table of libs/api-types (its status and JSON schema) unless
 * METATAG_VALIDATE_REPLIES=0: a gateway reply the table does not describe fails the test that got it.
 */
export const VALIDATE_REPLIES = process.env.METATAG_VALIDATE_REPLIES !== '0';

export class ReplyContractError extends Error {
  override name = 'ReplyContractError';
}

/** A tiny browser: keeps the session cookie between calls. */
export class Client {
  cookie: string | undefined;
  constructor(
    readonly base: string,
    readonly options: { validate?: boolean } = {},
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0];
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    if ((this.options.validate ?? VALIDATE_REPLIES) && res.headers.get('content-type')?.includes('json')) {
      const problems = replyProblems(method, path, res.status, json).filter(
        (p) => !p.endsWith('not in the route table'),
      );
      if (problems.length)
        throw new ReplyContractError(`reply outside the route table:\n${problems.join('\n')}`);
    }
    // error replies name their trace (traceId): tests compare what else they say, and read the id here
    let traceId: string | undefined;
    if (res.status >= 400 && json && typeof json === 'object' && 'traceId' in json) {
      const { traceId: id, ...rest } = json as Record<string, unknown>;
      traceId = typeof id === 'string' ? id : undefined;
      json = rest;
    }
    return {
      status: res.status,
      body: json as Record<string, unknown>,
      traceId,
      setCookie,
      headers: res.headers,
    };
  }
}
