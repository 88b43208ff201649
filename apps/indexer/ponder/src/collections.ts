// Indexing functions: each event turns into rows of ponder.schema.ts.
// Anyone can announce a contract through the locator, so these handlers accept whatever such a
// contract emits without failing: an event about a token the index has never seen minted is
// ignored, and every write is an upsert keyed by chain, collection and token (or by the log itself).
import { ponder, type Context } from 'ponder:registry';
import { collection, recovery, redemption, token, tokenEvent, transfer } from 'ponder:schema';

type Address = `0x${string}`;
const lower = (address: Address): Address => address.toLowerCase() as Address;

ponder.on('Locator:CollectionCreated', async ({ event, context }) => {
  const deployer = lower(event.args.deployer);
  await context.db
    .insert(collection)
    .values({
      chainId: context.network.chainId,
      address: lower(event.args.collection),
      deployer,
      createdBlock: event.block.number,
    })
    .onConflictDoUpdate({ deployer, createdBlock: event.block.number });
});

// A collection's initializer emits OwnershipTransferred and MinterChanged before its constructor
// announces it (same transaction, lower log index), so these insert the row when it is missing.
ponder.on('Collection:OwnershipTransferred', async ({ event, context }) => {
  const owner = lower(event.args.newOwner);
  await context.db
    .insert(collection)
    .values({ chainId: context.network.chainId, address: lower(event.log.address), owner })
    .onConflictDoUpdate({ owner });
});

ponder.on('Collection:MinterChanged', async ({ event, context }) => {
  const minter = lower(event.args.newMinter);
  await context.db
    .insert(collection)
    .values({ chainId: context.network.chainId, address: lower(event.log.address), minter })
    .onConflictDoUpdate({ minter });
});

ponder.on('Collection:Transfer', async ({ event, context }) => {
  const chainId = context.network.chainId;
  const address = lower(event.log.address);
  const to = lower(event.args.to);
  await context.db
    .insert(transfer)
    .values({
      id: event.id,
      chainId,
      collection: address,
      tokenId: event.args.tokenId,
      fromAddress: lower(event.args.from),
      toAddress: to,
      blockNumber: event.block.number,
      blockTimestamp: event.block.timestamp,
      txHash: event.transaction.hash,
      logIndex: event.log.logIndex,
    })
    .onConflictDoNothing();
  // Transfers keep the token's lock, tag and parent; a burn leaves the zero address as owner.
  await context.db
    .insert(token)
    .values({
      chainId,
      collection: address,
      tokenId: event.args.tokenId,
      owner: to,
      locked: false,
      connectedToTag: false,
      updatedBlock: event.block.number,
    })
    .onConflictDoUpdate({ owner: to, updatedBlock: event.block.number });
});

type TokenChange = Partial<
  Pick<typeof token.$inferInsert, 'locked' | 'connectedToTag' | 'limit' | 'parentTokenId'>
>;

/** Applies a change to a token the index knows; events about unknown tokens change nothing. */
async function updateToken(
  context: Context,
  address: Address,
  tokenId: bigint,
  blockNumber: bigint,
  change: TokenChange,
): Promise<void> {
  const key = { chainId: context.network.chainId, collection: lower(address), tokenId };
  if (!(await context.db.find(token, key))) return;
  await context.db.update(token, key).set({ ...change, updatedBlock: blockNumber });
}

ponder.on('Collection:Locked', async ({ event, context }) => {
  await updateToken(context, event.log.address, event.args.tokenId, event.block.number, { locked: true });
});

ponder.on('Collection:Unlocked', async ({ event, context }) => {
  await updateToken(context, event.log.address, event.args.tokenId, event.block.number, { locked: false });
});

ponder.on('Collection:ConnectedToTag', async ({ event, context }) => {
  await context.db
    .insert(tokenEvent)
    .values({
      id: event.id,
      chainId: context.network.chainId,
      collection: lower(event.log.address),
      kind: 'connected_to_tag',
      tokenId: event.args.tokenId,
      connected: event.args.status,
      blockNumber: event.block.number,
      txHash: event.transaction.hash,
      logIndex: event.log.logIndex,
    })
    .onConflictDoNothing();
  await updateToken(context, event.log.address, event.args.tokenId, event.block.number, {
    connectedToTag: event.args.status,
  });
});

ponder.on('Collection:NewLimit', async ({ event, context }) => {
  await updateToken(context, event.log.address, event.args.tokenId, event.block.number, {
    limit: event.args.limit,
  });
});

ponder.on('Collection:MintChild', async ({ event, context }) => {
  await context.db
    .insert(tokenEvent)
    .values({
      id: event.id,
      chainId: context.network.chainId,
      collection: lower(event.log.address),
      kind: 'mint_child',
      tokenId: event.args.child,
      parentTokenId: event.args.parent,
      owner: lower(event.args.owner),
      blockNumber: event.block.number,
      txHash: event.transaction.hash,
      logIndex: event.log.logIndex,
    })
    .onConflictDoNothing();
  await updateToken(context, event.log.address, event.args.child, event.block.number, {
    parentTokenId: event.args.parent,
  });
});

// NFT code version 2 (#32). Recovered and Redeemed are kept per log (an audit trail, never updated);
// the Transfer and Locked logs of the same transaction update the token as usual.
ponder.on('Collection:RecoveryPolicyChanged', async ({ event, context }) => {
  const recoveryAllowed = event.args.allowed;
  await context.db
    .insert(collection)
    .values({ chainId: context.network.chainId, address: lower(event.log.address), recoveryAllowed })
    .onConflictDoUpdate({ recoveryAllowed });
});

ponder.on('Collection:Recovered', async ({ event, context }) => {
  await context.db
    .insert(recovery)
    .values({
      id: event.id,
      chainId: context.network.chainId,
      collection: lower(event.log.address),
      tokenId: event.args.tokenId,
      fromAddress: lower(event.args.from),
      toAddress: lower(event.args.to),
      reason: event.args.reason,
      blockNumber: event.block.number,
      blockTimestamp: event.block.timestamp,
      txHash: event.transaction.hash,
      logIndex: event.log.logIndex,
    })
    .onConflictDoNothing();
});

ponder.on('Collection:Redeemed', async ({ event, context }) => {
  await context.db
    .insert(redemption)
    .values({
      id: event.id,
      chainId: context.network.chainId,
      collection: lower(event.log.address),
      tokenId: event.args.tokenId,
      holder: lower(event.args.holder),
      burned: event.args.burned,
      blockNumber: event.block.number,
      blockTimestamp: event.block.timestamp,
      txHash: event.transaction.hash,
      logIndex: event.log.logIndex,
    })
    .onConflictDoNothing();
});
