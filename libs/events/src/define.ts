import type { z } from 'zod';

/**
 * A request/reply message between services: its pattern and the zod schemas of both directions.
 * Call sites and handlers take the definition, never the pattern string, so a reader (and the
 * compiler) can follow a call to its handler and both ends agree on the payload.
 */
export interface RequestDefinition<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly pattern: string;
  readonly request: Req;
  readonly reply: Rep;
}

/** An event (a fact in the past tense) and the zod schema of its payload. */
export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: string;
  readonly payload: P;
}

export function defineRequest<Req extends z.ZodType, Rep extends z.ZodType>(
  pattern: string,
  request: Req,
  reply: Rep,
): RequestDefinition<Req, Rep> {
  return Object.freeze({ kind: 'request', pattern, request, reply });
}

export function defineEvent<P extends z.ZodType>(subject: string, payload: P): EventDefinition<P> {
  return Object.freeze({ kind: 'event', subject, payload });
}

/** What a caller passes (schema input: defaults may be left out). */
export type RequestInput<D extends RequestDefinition> = z.input<D['request']>;
/** What a handler receives (parsed: defaults applied). */
export type RequestParsed<D extends RequestDefinition> = z.output<D['request']>;
/** What a handler returns and a caller receives (replies cross a JSON wire: no Dates, no bigints). */
export type ReplyOf<D extends RequestDefinition> = z.input<D['reply']>;
export type EventInput<D extends EventDefinition> = z.input<D['payload']>;
export type EventParsed<D extends EventDefinition> = z.output<D['payload']>;
