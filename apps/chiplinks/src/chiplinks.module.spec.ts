import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChiplinksConfig } from '@metatag/config';
import type { ServiceDeps } from '@metatag/nest-kit';
import { ChiplinksModule } from './chiplinks.module.js';

const deps = (config: Partial<ChiplinksConfig>) => ({ config }) as unknown as ServiceDeps<ChiplinksConfig>;

test('ALLOW_FACTORY_CHIP_KEYS is refused in production', () => {
  assert.throws(
    () => ChiplinksModule.forRoot(deps({ ALLOW_FACTORY_CHIP_KEYS: true, NODE_ENV: 'production' })),
    /cannot be set when NODE_ENV=production/,
  );
  assert.doesNotThrow(() =>
    ChiplinksModule.forRoot(deps({ ALLOW_FACTORY_CHIP_KEYS: true, NODE_ENV: 'development' })),
  );
  assert.doesNotThrow(() =>
    ChiplinksModule.forRoot(deps({ ALLOW_FACTORY_CHIP_KEYS: false, NODE_ENV: 'production' })),
  );
});
