import { Controller, Module } from '@nestjs/common';
import { z } from 'zod';
import { defineEvent, defineRequest } from '@metatag/events';
import { range } from 'rxjs';
import { AppError } from './app-error.js';
import { HandleEvent, HandleRequest } from './message-handlers.js';

/** The echo service's messages: the transport tests' own typed definitions. */
export const ECHO = {
  upper: defineRequest(
    'echo.upper',
    z.object({ text: z.string().max(100) }),
    z.object({ text: z.string(), at: z.string() }),
  ),
  fail: defineRequest('echo.fail', z.object({}), z.never()),
  count: defineRequest('echo.count', z.object({ to: z.number().int().min(1) }), z.number()),
  hang: defineRequest('echo.hang', z.object({}), z.never()),
  /** Answers after `ms`: work in flight while a service shuts down. */
  slow: defineRequest(
    'echo.slow',
    z.object({ ms: z.number().int().min(0).max(10000) }),
    z.object({ done: z.literal(true) }),
  ),
  crash: defineRequest('echo.crash', z.object({}), z.never()),
  nobody: defineRequest('nobody.listens', z.object({}), z.never()),
  /** Its handler answers what the reply schema refuses (a handler drifted from its definition). */
  drift: defineRequest('echo.drift', z.object({}), z.object({ total: z.number().int() })),
  happened: defineEvent('echo.happened', z.object({ n: z.number().int() })),
} as const;

/** A tiny service used by the transport tests: the same handlers must behave alike on both transports. */
export const received: unknown[] = [];

@Controller()
export class EchoController {
  @HandleRequest(ECHO.upper)
  upper({ text }: { text: string }) {
    // a Date crosses the JSON wire as its ISO string on both transports
    return { text: text.toUpperCase(), at: new Date(0) as unknown as string };
  }

  @HandleRequest(ECHO.fail)
  fail(): never {
    throw new AppError('not_ok', 'not ok', 409);
  }

  /** A handler answering with a stream: a request gets its first value. */
  @HandleRequest(ECHO.count)
  count({ to }: { to: number }) {
    // Nest answers a request with the stream's first value
    return range(1, to) as unknown as number;
  }

  @HandleRequest(ECHO.slow)
  async slow({ ms }: { ms: number }): Promise<{ done: true }> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { done: true };
  }

  /** A handler that never answers: the caller's deadline must end the request. */
  @HandleRequest(ECHO.hang)
  hang(): Promise<never> {
    return new Promise(() => undefined);
  }

  @HandleRequest(ECHO.crash)
  crash(): never {
    throw new Error('secret internals');
  }

  @HandleRequest(ECHO.drift)
  drift() {
    return { total: 'seven' } as unknown as { total: number };
  }

  @HandleEvent(ECHO.happened)
  happened(payload: { n: number }) {
    received.push(payload);
  }
}

@Module({ controllers: [EchoController] })
export class EchoModule {}
