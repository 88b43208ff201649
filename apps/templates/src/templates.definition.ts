import { fileURLToPath } from 'node:url';
import { templatesSchema } from '@metatag/config';
import type { ServiceDefinition } from '@metatag/nest-kit';
import { TemplatesModule } from './templates.module.js';

export const templatesDefinition: ServiceDefinition<typeof templatesSchema> = {
  name: 'templates',
  configSchema: templatesSchema,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  module: (deps) => TemplatesModule.forRoot(deps),
};
