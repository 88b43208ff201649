import { parseAbi } from 'viem';

/**
 * The few contract functions the web app calls, as small human-readable fragments (the browser bundle
 * stays small without the full generated ABIs). abiFragments.spec.ts checks each one against the ABIs
 * generated from the contracts (libs/contracts), so a changed contract fails a test instead of a wallet.
 */
export const LOCK_ABI = parseAbi([
  'function disallowTokenTransfers(uint256 tokenId)',
  'function allowTokenTransfers(uint256 tokenId)',
]);
/** A passkey account's 'Send to my wallet' (#29): the token leaves the account for an ordinary wallet. */
export const TRANSFER_ABI = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
]);
export const MINTER_ABI = parseAbi(['function minter() view returns (address)']);
export const BASE_ABI = parseAbi(['function base() view returns (string)']);
export const BALANCE_OF_ABI = parseAbi(['function balanceOf(address owner) view returns (uint256)']);
/**
 * The redeem page's reads (#18): who owns a token and whether its transfers are disallowed; and, for a
 * token without an owner, whether it was redeemed (burned to redeem, NFT code v2 #32).
 */
export const TOKEN_STATE_ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function locked(uint256 tokenId) view returns (bool)',
  'function redeemed(uint256 tokenId) view returns (bool)',
]);
/** NFT code v2 (#32): brand recovery and burn to redeem. */
export const LIFECYCLE_ABI = parseAbi([
  'function redeem(uint256 tokenId, bool burnToken)',
  'function setRecoveryAllowed(bool allowed)',
]);

/** Claim conditions (#32 item 3): a wallet's mints in a capped phase, as the collection counts them. */
export const PHASE_ABI = parseAbi([
  'function phaseMinted(bytes32 phase, address wallet) view returns (uint256)',
]);

/** Every fragment, by the contract it is called on. */
export const ABI_FRAGMENTS = {
  collection: [
    ...LOCK_ABI,
    ...TRANSFER_ABI,
    ...MINTER_ABI,
    ...BASE_ABI,
    ...BALANCE_OF_ABI,
    ...TOKEN_STATE_ABI,
    ...LIFECYCLE_ABI,
    ...PHASE_ABI,
  ],
} as const;
