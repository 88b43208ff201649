import { fileURLToPath } from 'node:url';
import { deployerSchema } from '@metatag/config';
import type { ServiceDefinition } from '@metatag/nest-kit';
import { DeployerModule } from './deployer.module.js';

export const deployerDefinition: ServiceDefinition<typeof deployerSchema> = {
  name: 'deployer',
  configSchema: deployerSchema,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  module: (deps) => DeployerModule.forRoot(deps),
};
