import { Controller, Module } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { range } from 'rxjs';
import { AppError } from './app-error.js';

/** A tiny service used by the transport tests: the same handlers must behave alike on both transports. */
export const received: unknown[] = [];

@Controller()
export class EchoController {
  @MessagePattern('echo.upper')
  upper(@Payload() data: { text: string }) {
    return { text: data.text.toUpperCase(), at: new Date(0) };
  }

  @MessagePattern('echo.fail')
  fail() {
    throw new AppError('not_ok', 'not ok', 409);
  }

  /** A handler answering with a stream: a request gets its first value. */
  @MessagePattern('echo.count')
  count(@Payload() data: { to: number }) {
    return range(1, data.to);
  }

  /** A handler that never answers: the caller's deadline must end the request. */
  @MessagePattern('echo.hang')
  hang() {
    return new Promise(() => undefined);
  }

  @MessagePattern('echo.crash')
  crash() {
    throw new Error('secret internals');
  }

  @EventPattern('echo.happened')
  happened(@Payload() data: unknown) {
    received.push(data);
  }
}

@Module({ controllers: [EchoController] })
export class EchoModule {}
