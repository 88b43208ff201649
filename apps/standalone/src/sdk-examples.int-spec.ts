import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision } from '@metatag/sdk/examples/provision';
import { verifyTap } from '@metatag/sdk/examples/verify-tap';
import { walletSignIn } from '@metatag/sdk/examples/wallet-sign-in';
import { MetaTag, MetaTagApiError } from '@metatag/sdk';
import { chipSecrets, randomUid, SimulatedChip } from './testing/chips.fixture.js';
import { ADMIN_PASSWORD, startTestStack, type TestStack } from './testing/stack.fixture.js';

// The README's examples of @metatag/sdk, run as written against the whole stack.
const secrets = chipSecrets();
let stack: TestStack;
before(async () => {
  stack = await startTestStack({ env: secrets });
});
after(() => stack?.stop());

test('provision example: password sign-in, a template, a chip, three links, their scans', async () => {
  const uid = randomUid();
  const result = await provision({ url: stack.url, name: 'admin', password: ADMIN_PASSWORD, chipUid: uid });
  assert.equal(result.user.address, 'admin');
  assert.equal(result.template.chain, 'ganache');
  assert.equal(result.chip.uid, uid);
  assert.equal(result.links.length, 3);
  assert.deepEqual(result.scans, []);

  // a tap of that chip verifies once; its scan shows up; mint data answers for the tap
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY, uid);
  const tapUrl = `${stack.url}/tag/${result.chip.id}?${chip.tapQuery()}`;
  const to = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
  const first = await verifyTap({ url: stack.url, tapUrl, to });
  assert.equal(first.authentic, true);
  assert.equal(first.nftId, result.template.id);
  // no collection on this chain: the product's 'cannot mint'
  assert.deepEqual(first.mint, { ok: false, errorMessage: 'cannot mint' });
  assert.deepEqual(await verifyTap({ url: stack.url, tapUrl, to }), { authentic: false });

  const metatag = new MetaTag({ baseUrl: stack.url, validateReplies: true });
  await metatag.signInWithPassword('admin', ADMIN_PASSWORD);
  const scans = await metatag.scans(result.chip.id);
  assert.equal(scans.length, 1);
});

test('wallet example: Sign-In with Ethereum makes a regular account', async () => {
  const { user, me } = await walletSignIn({ url: stack.url });
  assert.equal(me.id, user.id);
  assert.equal(me.isSuperAdmin, false);
  assert.match(me.address, /^0x[0-9a-f]{40}$/);
});

test('errors are MetaTagApiError with the status and the server text', async () => {
  const metatag = new MetaTag({ baseUrl: stack.url, validateReplies: true });
  await assert.rejects(metatag.createTemplate('ganache'), (error: unknown) => {
    assert.ok(error instanceof MetaTagApiError);
    assert.equal(error.status, 401);
    return true;
  });
  await assert.rejects(metatag.signInWithPassword('admin', 'wrong'), /invalid password|Invalid/i);
});

test('the chip CLI provisions and exports through the SDK', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chip-cli-sdk-'));
  const metatag = new MetaTag({ baseUrl: stack.url });
  await metatag.signInWithPassword('admin', ADMIN_PASSWORD);
  const template = await metatag.createTemplate('ganache');
  const uid = randomUid();
  writeFileSync(join(dir, 'chips.csv'), `uid\n${uid}\n`);
  const common = ['--template', String(template.id), '--url', stack.url, '--name', 'admin'];
  const provisioned = await cli(
    dir,
    'provision',
    '--csv',
    join(dir, 'chips.csv'),
    ...common,
    '--password',
    ADMIN_PASSWORD,
  );
  assert.equal(provisioned.status, 0, provisioned.stderr);
  assert.match(provisioned.stdout, new RegExp(`\\t${uid}\\t${stack.url}/tag/`));
  const exported = await cli(dir, 'export', '--type', 'chip', ...common, '--password', ADMIN_PASSWORD);
  assert.equal(exported.status, 0, exported.stderr);
  assert.match(exported.stdout, /^id,type,uid,url/);
  assert.ok(exported.stdout.includes(uid));
  const refused = await cli(
    dir,
    'provision',
    '--csv',
    join(dir, 'chips.csv'),
    ...common,
    '--password',
    'wrong',
  );
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /sign-in as admin failed \(401\)/);
});

test('the chip CLI keeps no key on disk: provision of an imported and an sdm-backend chip, then a tap (#26)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chip-cli-keys-'));
  const metatag = new MetaTag({ baseUrl: stack.url });
  await metatag.signInWithPassword('admin', ADMIN_PASSWORD);
  const template = await metatag.createTemplate('ganache');
  const [imported, fleet] = [randomUid(), randomUid()];
  const [meta, file, master] = [randomBytes(16), randomBytes(16), randomBytes(32)];
  // a state file of an older version, which kept a chip's keys: provision rewrites it without them
  const stale = randomBytes(16).toString('hex');
  writeFileSync(
    join(dir, 'chip-cli.json'),
    JSON.stringify({
      old: { uid: randomUid(), counter: 3, keys: { metaReadKey: stale, fileReadKey: stale } },
    }),
  );
  writeFileSync(
    join(dir, 'chips.csv'),
    'uid,metaReadKey,fileReadKey,scheme,masterKey\n' +
      `${imported},${meta.toString('hex')},${file.toString('hex')},,\n` +
      `${fleet},,,sdm-backend,${master.toString('hex')}\n`,
  );
  const common = ['--template', String(template.id), '--url', stack.url, '--name', 'admin'];
  const provisioned = await cli(
    dir,
    'provision',
    '--csv',
    join(dir, 'chips.csv'),
    ...common,
    '--password',
    ADMIN_PASSWORD,
  );
  assert.equal(provisioned.status, 0, provisioned.stderr);
  const ids = Object.fromEntries(
    provisioned.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .map(([id, uid]) => [uid, id]),
  );
  const keyFree = () => {
    const state = readFileSync(join(dir, 'chip-cli.json'), 'utf8');
    assert.doesNotMatch(state, /[0-9a-f]{32}/i, `chip-cli.json holds a key: ${state}`);
    assert.equal(statSync(join(dir, 'chip-cli.json')).mode & 0o777, 0o600);
    return JSON.parse(state) as Record<string, { uid: string; counter: number }>;
  };
  const state = keyFree();
  assert.deepEqual(state[ids[imported]], { uid: imported, counter: 0 });
  assert.deepEqual(state[ids[fleet]], { uid: fleet, counter: 0 });
  assert.equal(state.old.counter, 3);
  // the imported chip taps with its keys given on the command line, and the tap authenticates
  const tapped = await cli(
    dir,
    'tap',
    '--tag',
    ids[imported],
    '--url',
    stack.url,
    '--meta-key',
    meta.toString('hex'),
    '--file-key',
    file.toString('hex'),
  );
  assert.equal(tapped.status, 0, tapped.stderr);
  const query = tapped.stdout.trim().split('?')[1];
  const verdict = await new MetaTag({ baseUrl: stack.url }).client.call('checkTag', {
    body: { tag: ids[imported], query },
  });
  assert.equal(verdict.ok, true);
  assert.equal(keyFree()[ids[imported]].counter, 1);
});

/** The chip CLI as a child process; asynchronous, because the stack it calls runs in this process. */
function cli(
  dataDir: string,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', './tools/register.mjs', 'tools/chip-cli.ts', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
