import { fileURLToPath } from 'node:url';
import { authSchema } from '@metatag/config';
import type { ServiceDefinition } from '@metatag/nest-kit';
import { AuthModule } from './auth.module.js';

export const authDefinition: ServiceDefinition<typeof authSchema> = {
  name: 'auth',
  configSchema: authSchema,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  module: (deps) => AuthModule.forRoot(deps),
};
