import { EventPattern, MessagePattern } from '@nestjs/microservices';
import { inFlight } from './in-flight.js';
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
    descriptor.value = function (this: unknown, data: unknown) {
      return inFlight.track(() => method.call(this, parse(data)));
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
    descriptor.value = function (this: unknown, data: unknown) {
      return inFlight.track(() => method.call(this, parse(data)));
    } as M;
    Object.defineProperty(descriptor.value, 'name', { value: method.name });
    EventPattern(definition.subject)(target, key, descriptor as PropertyDescriptor);
  };
}
