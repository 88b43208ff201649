import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toEventSignature, type AbiEvent } from 'viem';
import { collectionAbi as generatedCollectionAbi, libraryAddressLocatorAbi } from '@metatag/contracts';
import { collectionAbi, locatorAbi } from '../ponder/abis.js';

/** Signature plus which inputs are indexed: what decoding a log depends on. */
const shape = (event: AbiEvent) =>
  `${toEventSignature(event)} ${event.inputs.map((i) => (i.indexed ? 'i' : '-')).join('')} ${event.inputs.map((i) => i.name).join(',')}`;
const eventsOf = (abi: readonly { type: string }[]) =>
  abi.filter((e): e is AbiEvent => e.type === 'event').map(shape);

test("the indexer's event ABIs are the contracts' own events", () => {
  const contract = new Set(eventsOf(generatedCollectionAbi));
  for (const event of eventsOf(collectionAbi))
    assert.ok(contract.has(event), `collections do not emit ${event}`);
  const locator = new Set(eventsOf(libraryAddressLocatorAbi));
  for (const event of eventsOf(locatorAbi))
    assert.ok(locator.has(event), `the locator does not emit ${event}`);
});
