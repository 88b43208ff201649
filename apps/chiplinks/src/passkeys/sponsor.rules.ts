import { decodeFunctionData, parseAbi, type Hex } from 'viem';
import { AA_ADDRESSES } from '@metatag/contracts';
import type { UserOperationJson } from '@metatag/events';

/** The Safe 4337 module's entry points a single call arrives through. */
const SAFE_4337_ABI = parseAbi([
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
]);

/**
 * What an owner sponsors on a token's collection: the token owner's own actions on that token, and
 * Claim Ownership of it (the chip page's transfer voucher, `transferSigned`, into the account itself).
 */
const COLLECTION_ABI = parseAbi([
  'function disallowTokenTransfers(uint256 tokenId)',
  'function allowTokenTransfers(uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function transferSigned(uint8 v, bytes32 r, bytes32 s, address to, uint256 tokenId, uint256 deadline)',
]);

/** The one call into the Safe itself that is sponsored: a recovery wallet as second owner (decision 111). */
const SAFE_SELF_ABI = parseAbi(['function addOwnerWithThreshold(address owner, uint256 _threshold)']);
/** The head of the Safe's owner list: never an owner. */
const SAFE_SENTINEL = '0x0000000000000000000000000000000000000001';
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * `claim` is the one action by an account that does not own the token yet: the caller checks the
 * token has another owner and that the call would succeed now (a valid, unspent voucher). `addOwner`
 * names the chip's token only as the sponsorship's context: the caller checks the sender owns it and
 * that the Safe has no second owner yet.
 */
export type SponsoredAction = 'lock' | 'unlock' | 'transfer' | 'claim' | 'addOwner';

/** Caps that keep one operation's worst case small whatever the account asks for. */
export const SPONSOR_CAPS = {
  verificationGasLimit: 2_000_000n,
  callGasLimit: 500_000n,
  preVerificationGas: 300_000n,
  paymasterVerificationGasLimit: 100_000n,
} as const;

export class SponsorRefusal extends Error {}

export interface SponsorTarget {
  /** The token's own collection (from the chiplink's template, never from the request). */
  collection: string;
  tokenId: bigint;
}

/**
 * Which action a user operation is, when it is one we sponsor: a single call (no value, no
 * delegatecall) through the Safe 4337 module into the token's own collection, on the token itself,
 * for a transfer, out of the sender, and for a claim, into the sender; or into the Safe itself, adding
 * a recovery wallet as second owner. A first operation may deploy the account through our Safe proxy
 * factory only. Anything else is refused with the reason.
 */
export function sponsoredAction(op: UserOperationJson, target: SponsorTarget): SponsoredAction {
  if (op.factory && op.factory.toLowerCase() !== AA_ADDRESSES.safeProxyFactory.toLowerCase())
    throw new SponsorRefusal('Only passkey accounts of this service are sponsored');
  let outer;
  try {
    outer = decodeFunctionData({ abi: SAFE_4337_ABI, data: op.callData as Hex });
  } catch {
    throw new SponsorRefusal('Only a single call into the token’s collection is sponsored');
  }
  const [to, value, data, operation] = outer.args;
  const sender = op.sender.toLowerCase();
  if (value !== 0n || operation !== 0)
    throw new SponsorRefusal('Only a plain call without value is sponsored');
  if (to.toLowerCase() === sender) {
    recoveryOwner(data, sender);
    return 'addOwner';
  }
  if (to.toLowerCase() !== target.collection.toLowerCase())
    throw new SponsorRefusal('Only calls into the token’s own collection are sponsored');
  let inner;
  try {
    inner = decodeFunctionData({ abi: COLLECTION_ABI, data });
  } catch {
    throw new SponsorRefusal('Only lock, unlock, transfer and claim of the token are sponsored');
  }
  switch (inner.functionName) {
    case 'disallowTokenTransfers':
    case 'allowTokenTransfers':
      if (inner.args[0] !== target.tokenId) throw new SponsorRefusal('Only this chip’s token is sponsored');
      return inner.functionName === 'disallowTokenTransfers' ? 'lock' : 'unlock';
    case 'transferFrom':
    case 'safeTransferFrom':
      if (inner.args[2] !== target.tokenId) throw new SponsorRefusal('Only this chip’s token is sponsored');
      if (inner.args[0].toLowerCase() !== sender)
        throw new SponsorRefusal('Only a transfer out of the account itself is sponsored');
      return 'transfer';
    case 'transferSigned':
      if (inner.args[4] !== target.tokenId) throw new SponsorRefusal('Only this chip’s token is sponsored');
      if (inner.args[3].toLowerCase() !== sender)
        throw new SponsorRefusal('Only a claim into the account itself is sponsored');
      return 'claim';
  }
}

/**
 * The wallet a call of the Safe into itself adds: exactly `addOwnerWithThreshold(wallet, 1)` (either
 * owner then acts alone), the wallet a real address that is not the Safe itself. Anything else the
 * Safe could do to itself (change the threshold, swap or remove the passkey, enable a module) is refused.
 */
function recoveryOwner(data: Hex, sender: string): string {
  let call;
  try {
    call = decodeFunctionData({ abi: SAFE_SELF_ABI, data });
  } catch {
    throw new SponsorRefusal('Only adding a recovery wallet is sponsored on the account itself');
  }
  const [owner, threshold] = call.args;
  if (threshold !== 1n) throw new SponsorRefusal('A recovery wallet is added with threshold 1 only');
  const wallet = owner.toLowerCase();
  if (wallet === ZERO_ADDRESS || wallet === SAFE_SENTINEL || wallet === sender)
    throw new SponsorRefusal('The recovery wallet must be another ordinary address');
  return wallet;
}

/** The wallet a sponsored `addOwner` operation adds (after sponsoredAction accepted it), lower-case. */
export function addedOwner(op: UserOperationJson): string {
  return recoveryOwner(innerCall(op).data, op.sender.toLowerCase());
}

/** The collection call inside a sponsored operation (after sponsoredAction accepted it). */
export function innerCall(op: UserOperationJson): { to: Hex; data: Hex } {
  const [to, , data] = decodeFunctionData({ abi: SAFE_4337_ABI, data: op.callData as Hex }).args;
  return { to, data };
}

/** The operation's gas within the caps, or a refusal; the worst-case gas it may be charged for. */
export function sponsoredGas(op: UserOperationJson): bigint {
  const verification = BigInt(op.verificationGasLimit);
  const call = BigInt(op.callGasLimit);
  const pre = BigInt(op.preVerificationGas);
  if (
    verification > SPONSOR_CAPS.verificationGasLimit ||
    call > SPONSOR_CAPS.callGasLimit ||
    pre > SPONSOR_CAPS.preVerificationGas
  )
    throw new SponsorRefusal('The user operation asks for more gas than is sponsored');
  return verification + call + pre + SPONSOR_CAPS.paymasterVerificationGasLimit;
}
