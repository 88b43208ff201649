import { fileURLToPath } from 'node:url';
import { relayerSchema } from '@metatag/config';
import type { ServiceDefinition } from '@metatag/nest-kit';
import { RelayerModule } from './relayer.module.js';

export const relayerDefinition: ServiceDefinition<typeof relayerSchema> = {
  name: 'relayer',
  configSchema: relayerSchema,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  module: (deps) => RelayerModule.forRoot(deps),
};
