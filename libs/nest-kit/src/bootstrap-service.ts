import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { serverTransport, type TransportConfig } from './transport.js';
import type { InProcessBus } from './in-process/in-process-bus.js';
import { PinoNestLogger } from './logger.js';
import { RpcErrorFilter } from './rpc-error.filter.js';

export interface ServiceBootOptions {
  name: string;
  module: Type | DynamicModule;
  config: TransportConfig;
  logger: Logger;
  bus?: InProcessBus;
}

/** Starts one service on the configured transport; the same module runs standalone and distributed. */
export async function bootstrapService(options: ServiceBootOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(options.module, {
    ...serverTransport(options.name, options.config, options.bus),
    logger: new PinoNestLogger(options.logger),
  });
  app.useGlobalFilters(new RpcErrorFilter(options.logger));
  await app.listen();
  options.logger.info({ transport: options.config.TRANSPORT }, `${options.name} service listening`);
  return app;
}
