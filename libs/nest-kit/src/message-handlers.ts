import { EventPattern, MessagePattern } from '@nestjs/microservices';
import { inFlight } from './in-flight.js';
import { contextFrom, inSpan, SpanKind } from './tracing/tracing.js';

/** A NATS message's context (headers) or the in-process one (none: the active trace context carries over). */
interface MessageContext {
  getHeaders?: () => { get(name: string): string } | undefined;
}

function callerContext(ctx: unknown) {
  const headers = (ctx as MessageContext | undefined)?.getHeaders?.();
  const traceparent = headers?.get('traceparent');
  return contextFrom(traceparent ? { traceparent } : undefined);
}
import type {
  EventDefinition,
  EventParsed,
  ReplyOf,
  RequestDefinition,
  RequestParsed,
} from '@metatag/events';

type MaybePromise<T> = T | Promise<T>;

/**
 * Binds a handler method to a request definition: Nest routes the pattern to it, the payload is
 * parsed with the definition's schema before the method runs (a bad payload is a 400
 * `invalid_input` through RpcErrorFilter), and the compiler checks the method's input and reply
 * types against the definition.
 */
export function HandleRequest<D extends RequestDefinition>(definition: D) {
  return <M extends (input: RequestParsed<D>) => MaybePromise<ReplyOf<D>>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const method = descriptor.value;
    if (!method) throw new Error(`@HandleRequest(${definition.pattern}) needs a method`);
    const parse = (data: unknown) => definition.request.parse(data) as RequestParsed<D>;
    descriptor.value = function (this: unknown, data: unknown, ctx?: unknown) {
      return inFlight.track(() =>
        inSpan(`handle ${definition.pattern}`, { kind: SpanKind.SERVER, parent: callerContext(ctx) }, () =>
          method.call(this, parse(data)),
        ),
      );
    } as M;
    Object.defineProperty(descriptor.value, 'name', { value: method.name });
    MessagePattern(definition.pattern)(target, key, descriptor as PropertyDescriptor);
  };
}

/** Binds a consumer method to an event definition; the payload is parsed with its schema first. */
export function HandleEvent<D extends EventDefinition>(definition: D) {
  return <M extends (payload: EventParsed<D>) => MaybePromise<void>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const method = descriptor.value;
    if (!method) throw new Error(`@HandleEvent(${definition.subject}) needs a method`);
    const parse = (data: unknown) => definition.payload.parse(data) as EventParsed<D>;
    descriptor.value = function (this: unknown, data: unknown, ctx?: unknown) {
      return inFlight.track(() =>
        inSpan(`consume ${definition.subject}`, { kind: SpanKind.CONSUMER, parent: callerContext(ctx) }, () =>
          method.call(this, parse(data)),
        ),
      );
    } as M;
    Object.defineProperty(descriptor.value, 'name', { value: method.name });
    EventPattern(definition.subject)(target, key, descriptor as PropertyDescriptor);
  };
}
