import { Controller, Module } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
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
