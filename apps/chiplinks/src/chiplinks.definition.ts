import { fileURLToPath } from 'node:url';
import { chiplinksSchema } from '@metatag/config';
import type { ServiceDefinition } from '@metatag/nest-kit';
import { ChiplinksModule } from './chiplinks.module.js';

export const chiplinksDefinition: ServiceDefinition<typeof chiplinksSchema> = {
  name: 'chiplinks',
  configSchema: chiplinksSchema,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  module: (deps) => ChiplinksModule.forRoot(deps),
};
