import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { NftTemplate } from '@metatag/api-types';
import { simulateTapQuery } from '@metatag/chips';
import { AppError } from '@metatag/nest-kit';
import type { ChipTapRepository } from './chip-tap.repository.js';
import type { CounterScan } from '../links/counter-batcher.js';
import { UNKNOWN_LOCATION, type GeoLookup } from '../scans/geo.lookup.js';
import type { ScanRecorder } from '../scans/scan.recorder.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ChipKeyring } from './chip-keyring.js';
import { CheckTagService } from './check-tag.service.js';
import { ContinuationCredentials } from './continuation.js';
import type { PendingRelay } from '../nfc-nft/pending-relay.js';
import { ScanTokens } from './scan-token.js';

const master = randomBytes(16).toString('hex');
const secret = 'x'.repeat(40);
const uid = '04A1B2C3D4E5F6';
const tag = 'chipAbc123';

/** A chiplinks database of one chip of template 5, applying the counter rule (strictly greater). */
function fakeRepo() {
  const state = { last: -1, accepted: 0 };
  const repo = {
    async findChipAuth(id: string) {
      return id === tag
        ? { id, uid, nftId: 5, keyScheme: 'an10922', keysSealed: null, keyRev: 0 }
        : undefined;
    },
    async acceptCounter(scan: CounterScan) {
      if (scan.nftId !== 5) return { accepted: false, stale: true };
      if (scan.counter <= state.last) return { accepted: false, stale: false };
      state.last = scan.counter;
      state.accepted++;
      return { accepted: true, nftId: 5, jumped: false };
    },
  };
  return { repo: repo as unknown as ChipTapRepository, state };
}

function service(templates: TemplateLookup, repo: ChipTapRepository) {
  return new CheckTagService(
    repo,
    new ChipKeyring(master),
    new ScanTokens(secret, 600),
    new ContinuationCredentials(secret),
    { record() {}, refuse() {} } as unknown as ScanRecorder,
    { lookup: () => UNKNOWN_LOCATION } satisfies GeoLookup,
    templates,
    { now: () => new Date() },
    { forScan: async () => undefined } as unknown as PendingRelay,
  );
}

const template = { id: 5, chain: 'ganache', utility_url: 'https://utility.example/x' } as NftTemplate;
const tap = (counter: number) =>
  simulateTapQuery(new ChipKeyring(master).derive(uid), { uid, readCounter: counter }, 'auth');

test('a tap whose template cannot be read is not spent: the same URL authenticates afterwards', async () => {
  let down = true;
  const templates = {
    async get(nftId: number) {
      if (down) throw new AppError('unavailable', 'templates did not answer', 503);
      return nftId === 5 ? template : undefined;
    },
  } as TemplateLookup;
  const { repo, state } = fakeRepo();
  const checkTag = service(templates, repo);
  const url = tap(7);

  await assert.rejects(checkTag.check(tag, url, '127.0.0.1'), /templates did not answer/);
  assert.deepEqual(state, { last: -1, accepted: 0 }, 'the counter is untouched');

  down = false;
  const reply = await checkTag.check(tag, url, '127.0.0.1');
  assert.equal(reply.ok, true);
  assert.equal(reply.url, template.utility_url);
  assert.equal(reply.chain, 'ganache');
  assert.deepEqual(state, { last: 7, accepted: 1 });
  assert.equal((await checkTag.check(tag, url, '127.0.0.1')).ok, false, 'and then it is used');
});

test('a forged tap asks templates nothing and consumes nothing', async () => {
  let asked = 0;
  const templates = {
    async get() {
      asked++;
      return template;
    },
  } as unknown as TemplateLookup;
  const { repo, state } = fakeRepo();
  const other = simulateTapQuery(
    { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) },
    { uid, readCounter: 9 },
    'auth',
  );
  assert.equal((await service(templates, repo).check(tag, other, '127.0.0.1')).ok, false);
  assert.deepEqual([asked, state.accepted], [0, 0]);
});
