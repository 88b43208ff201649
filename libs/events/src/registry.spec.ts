import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_EVENTS, ALL_REQUESTS, eventBySubject } from './registry.js';
import { RELAYER_EVENTS } from './relayer.js';

/**
 * The NATS subjects as deployed: a running distributed stack, and rows already in the relayer's
 * outbox, use these strings. Renaming one is a migration, not a refactoring.
 */
const SUBJECTS = [
  'auth.health',
  'templates.health',
  'chiplinks.health',
  'relayer.health',
  'deployer.health',
  'auth.nonce.issue',
  'auth.login.wallet',
  'auth.login.password',
  'auth.session.resolve',
  'auth.session.revoke',
  'auth.user.get',
  'auth.users.list',
  'auth.users.create',
  'auth.users.update',
  'auth.users.set-password',
  'auth.wallet.link',
  'auth.shop-token.get',
  'auth.shop-token.rotate',
  'auth.shop-token.find-user',
  'templates.collections.list',
  'templates.collections.get',
  'templates.collections.attach',
  'templates.nfts.list',
  'templates.nfts.get',
  'templates.nfts.create',
  'templates.nfts.update',
  'templates.nfts.set-media',
  'templates.nfts.delete',
  'templates.media.get',
  'templates.tokens.record',
  'templates.tokens.metadata',
  'templates.collection-template.get',
  'templates.collection-template.put',
  'templates.default-collection.get',
  'templates.default-collection.list',
  'templates.default-collection.set',
  'templates.nfts.mint-target',
  'chiplinks.list',
  'chiplinks.create',
  'chiplinks.remove',
  'chiplinks.export-page',
  'chiplinks.public-target',
  'chiplinks.check-tag',
  'chiplinks.lookup',
  'chiplinks.token-state',
  'chiplinks.scans',
  'chiplinks.mint-data',
  'chiplinks.toggle-lock',
  'chiplinks.templates.usage',
  'chiplinks.minted-counts',
  'chiplinks.check-tap-url',
  'chiplinks.visit.continue',
  'chiplinks.utility-token.verify',
  'chiplinks.nfc-nft.list',
  'chiplinks.nfc-nft.create',
  'chiplinks.nfc-nft.update',
  'chiplinks.nfc-nft.remove',
  'chiplinks.nfc-nft.set-pending',
  'chiplinks.nfc-nft.history',
  'relayer.voucher.sign',
  'relayer.tag-relay.authorize',
  'relayer.mints.create',
  'relayer.mints.list',
  'relayer.minters',
  'relayer.mints.active-count',
  'relayer.ledger.balance',
  'relayer.ledger.balances',
  'relayer.ledger.entries',
  'relayer.ledger.set-balance',
  'relayer.transactions.send-paid',
  'deployer.networks',
  'deployer.collection.deploy-data',
  'deployer.collection.attach',
  'deployer.nft-code.deploy-data',
  'deployer.locator.deploy-data',
  'deployer.locator.set-library-address-data',
  'deployer.collection.set-base-data',
  'deployer.collection.set-minter-data',
  'deployer.contract.read',
  'deployer.tag-relayer.deploy-data',
  'deployer.default-collection.register',
  'templates.search',
  'chiplinks.search',
  'chiplinks.analytics.template-scans',
  'chiplinks.analytics.export-scans',
  'chiplinks.analytics.export-owners',
  'chiplinks.counts-changed',
  'tx.sent',
  'tx.confirmed',
  'tx.failed',
  'mint.confirmed',
  'mint.failed',
];

test('every message keeps its deployed subject, and no two share one', () => {
  const names = [...ALL_REQUESTS.map((d) => d.pattern), ...ALL_EVENTS.map((d) => d.subject)];
  assert.equal(new Set(names).size, names.length, 'a subject is defined twice');
  assert.deepEqual([...names].sort(), [...SUBJECTS].sort());
});

test('a stored subject finds its event definition; an unknown one finds none', () => {
  assert.equal(eventBySubject('mint.confirmed'), RELAYER_EVENTS.mintConfirmed);
  assert.equal(eventBySubject('tx.sent'), RELAYER_EVENTS.txSent);
  assert.equal(eventBySubject('auth.users.list'), undefined);
});
