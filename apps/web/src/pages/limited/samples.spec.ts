import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectionAbi } from '@metatag/contracts';
import {
  generateSample,
  LIMITED_TABS,
  SAMPLE_ERRORS,
  sampleAbi,
  TAB_FUNCTIONS,
  uintLiteral,
  type SampleInput,
} from './samples.js';

// The samples are executed against a chain in apps/standalone/src/limited.int-spec.ts; these checks
// are the fast ones: inputs reach the text, ABIs come from @metatag/contracts.
const input: SampleInput = {
  chain: 'ganache',
  chainId: 1337,
  origin: 'http://localhost:3000',
  collection: '0xAbC0000000000000000000000000000000000001',
  title: 'A "quoted" title',
  limit: '7',
  fatherUid: '12',
  amount: '3',
  tokenUid: '99',
  childUid: '57896044618658097711785492504343953926634992332820282019728792003956564819969',
  nfcUid: '04a1b2',
};

test("every tab's functions exist in the collection ABI, and samples embed exactly them plus the errors", () => {
  const names = new Set<string>(collectionAbi.filter((i) => i.type === 'function').map((i) => i.name));
  for (const tab of LIMITED_TABS) {
    for (const fn of TAB_FUNCTIONS[tab]) assert.ok(names.has(fn), `${tab}: ${fn} is in the ABI`);
    const abi = sampleAbi(tab);
    const functions = abi.flatMap((i) => (i.type === 'function' ? [i.name] : []));
    assert.deepEqual(new Set(functions), new Set(TAB_FUNCTIONS[tab]));
    const errors = abi.flatMap((i) => (i.type === 'error' ? [i.name] : []));
    assert.deepEqual(errors.sort(), [...SAMPLE_ERRORS].sort(), `${tab}: every listed error is in the ABI`);
  }
});

test("the samples carry the tab's current inputs, lower-cased addresses and uint literals", () => {
  const mint = generateSample('mint', input);
  assert.match(mint.viem, /const father = 12n;/);
  assert.match(mint.viem, /const amount = 3n;/);
  assert.match(mint.viem, /"0xabc0000000000000000000000000000000000001"/);
  assert.match(mint.wagmi, /functionName: "mintChildBatch", args: \[12n, amount\]/);
  assert.match(
    generateSample('father', input).viem,
    /const child = 5789604461865809771178549250434395392663499233282028201972879200395656481996\dn;/,
  );
  // strings are JSON literals: a quote in the title cannot break the code
  assert.match(generateSample('create', input).viem, /title: "A \\"quoted\\" title",/);
  assert.match(generateSample('create', input).viem, /limit: "7",/);
  assert.match(generateSample('attach', input).viem, /nfcUid: "04a1b2"/);
});

test('a sample is a module: its imports come first, then the code', () => {
  for (const tab of LIMITED_TABS) {
    const lines = generateSample(tab, input).viem.split('\n');
    const lastImport = lines.findLastIndex((l) => l.startsWith('import '));
    const firstCode = lines.findIndex((l) => /^(const|await|console|if) /.test(l));
    assert.ok(lastImport < firstCode, `${tab}: imports before code`);
  }
});

test('garbage in a number field becomes 0n in the sample (the page refuses it apart)', () => {
  assert.equal(uintLiteral('12'), '12n');
  assert.equal(uintLiteral(' 5 '), '5n');
  assert.equal(uintLiteral('-1'), '0n');
  assert.equal(uintLiteral('1e3'), '0n');
});
