import { randomBytes } from 'node:crypto';
import { replyProblems } from '@metatag/api-types';
import { ensureDatabaseExists } from '@metatag/db';
import type { Clock, InProcessBus } from '@metatag/nest-kit';
import { startInProcessStack, type InProcessStack } from '../in-process-stack.js';

export const ADMIN_PASSWORD = 'integration-admin-password';

export interface TestStack {
  stack: InProcessStack;
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/** The whole API in this process on a fresh database of the local PostgreSQL; port chosen by the OS. */
export async function startTestStack(
  options: { clock?: Clock; env?: Record<string, string>; bus?: InProcessBus } = {},
): Promise<TestStack> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
  const url = new URL(base);
  url.pathname = `/metatag_it_${randomBytes(4).toString('hex')}`;
  const databaseUrl = url.toString();
  await ensureDatabaseExists(databaseUrl);
  const stack = await startInProcessStack(
    {
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SUPER_ADMIN_PASSWORD: ADMIN_PASSWORD,
      RPC_URL_GANACHE: process.env.TEST_RPC_URL ?? 'http://127.0.0.1:1',
      RPC_TIMEOUT_MS: '5000',
      ...options.env,
    },
    { clock: options.clock, gatewayPort: 0, bus: options.bus },
  );
  const address = stack.gateway.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { stack, url: `http://127.0.0.1:${port}`, databaseUrl, stop: () => stack.stop() };
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
    return { status: res.status, body: json as Record<string, unknown>, setCookie, headers: res.headers };
  }
}
