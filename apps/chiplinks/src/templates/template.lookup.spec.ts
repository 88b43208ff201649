import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NftTemplate } from '@metatag/api-types';
import { ManualClock, type ServiceClient } from '@metatag/nest-kit';
import { ProjectedTemplateLookup, TEMPLATE_CACHE_MS } from './template.lookup.js';
import type { TemplatesProjection } from './templates.projection.js';

/** A projection whose template 1 has the title the test sets, counting its reads. */
function projection() {
  const state = { title: 'first', reads: 0 };
  const fake = {
    async nft(id: number) {
      state.reads += 1;
      return id === 1
        ? { item: { id, title: state.title, deleted: false } as NftTemplate, version: 1 }
        : undefined;
    },
  };
  return { state, fake: fake as unknown as TemplatesProjection };
}

const services = {} as ServiceClient;

test('the scan path holds a template for TEMPLATE_CACHE_MS of the injected clock, then reads it again', async () => {
  const clock = new ManualClock();
  const { state, fake } = projection();
  const lookup = new ProjectedTemplateLookup(services, fake, clock);
  assert.equal((await lookup.get(1))?.title, 'first');
  state.title = 'second';
  clock.advance(TEMPLATE_CACHE_MS - 1);
  assert.equal((await lookup.get(1))?.title, 'first', 'still within the cache time');
  assert.equal(state.reads, 1);
  clock.advance(1);
  assert.equal((await lookup.get(1))?.title, 'second', 'the cache time passed on the injected clock');
  assert.equal(state.reads, 2);
});

test('a change applied in this process is seen at once; a missing template is cached as missing', async () => {
  const clock = new ManualClock();
  const { state, fake } = projection();
  const lookup = new ProjectedTemplateLookup(services, fake, clock);
  await lookup.get(1);
  state.title = 'changed here';
  lookup.changed(1);
  assert.equal((await lookup.get(1))?.title, 'changed here');
  assert.equal(await lookup.get(2), undefined);
  assert.equal(await lookup.get(2), undefined);
  assert.equal(state.reads, 3, 'one read each for template 1 twice and the missing 2 once');
});
