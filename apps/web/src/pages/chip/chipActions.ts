import { buyTokenFor, MINT_AND_CLAIM } from './chipTexts.js';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

export type ChiplinkType = 'chip' | 'link';

/**
 * Where the chip's authentication is (spec section 4). Links need none. `expired`: the page was opened
 * with a continuation credential that was spent or has expired; a new tap is needed.
 */
export type AuthState = 'none' | 'checking' | 'ok' | 'failed' | 'expired';

export type ChipAction =
  | { kind: 'authenticating' }
  | { kind: 'auth-failed' }
  /** Disabled: a mint failed or the visit ended; a new scan (tap, or the QR code) is needed. */
  | { kind: 'rescan' }
  | { kind: 'connect' }
  | { kind: 'mint'; label: string }
  /** Disabled: the template's limit is reached (#30), said before any click. */
  | { kind: 'sold-out' }
  | { kind: 'claim' }
  | { kind: 'locked' }
  | { kind: 'lock' }
  | { kind: 'unlock' };

export interface ActionInput {
  type: ChiplinkType;
  auth: AuthState;
  /** The connected wallet (any case); null when none is connected. */
  wallet: string | null;
  /** The token's owner (any case); null = pre-mint. Undefined while the chain state is unknown. */
  owner: string | null | undefined;
  locked: boolean;
  price: string;
  payoutAddress: string;
  /** The template's multi-mint setting for this type: a new token on every scan. */
  multiMint: boolean;
  /** A mint or claim of this visit failed: asking again would fail again, a new scan is needed. */
  mintFailed?: boolean;
  /** The template's limit is reached (`soldOut`): no mint is offered, 'Sold out' says why. */
  soldOut?: boolean;
  /**
   * The token was burned to redeem it (#32 item 5): spent, never minted again. Nothing to connect a
   * wallet for unless the template mints a new token on every scan.
   */
  burned?: boolean;
}

/**
 * #30: a template with a limit is sold out once the mint ledger counts as many mints as the limit (the
 * number the page was given; the server's voucher check also counts places held, and says `sold_out`).
 */
export function soldOut(nft: { limit: number; mints: number }): boolean {
  return nft.limit > 0 && nft.mints >= nft.limit;
}

/** Spec section 4: 'Mint and Claim' when the price is empty or 0 or there is no payout address. */
export function mintLabel(price: string, payoutAddress: string): string {
  const free = price.trim() === '' || Number(price) === 0 || !ANY_CASE_ADDRESS_PATTERN.test(payoutAddress);
  return free ? MINT_AND_CLAIM : buyTokenFor(price.trim());
}

/**
 * A free template whose owner pays the gas (issue #29): 'Mint and Claim' sends nothing from the
 * visitor's wallet, so a wallet holding 0 ETH claims too, and a visitor without one may use a passkey.
 * A claim of a transfer (Claim Ownership) or a paid template keeps a wallet's own transaction; a
 * passkey account's Claim Ownership is a sponsored user operation (PasskeyPanel).
 */
export function ownerPaysGas(nft: { price: string; payoutAddress: string; gasPaidBy?: string }): boolean {
  return mintLabel(nft.price, nft.payoutAddress) === MINT_AND_CLAIM && nft.gasPaidBy === 'owner';
}

export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/**
 * The buttons of the chip and link page (spec section 4), in order. A chip must be authenticated (a
 * fresh scan) to mint or claim; a link is proof enough to mint. Multi-mint templates offer a mint on
 * every scan even when the current token already has an owner.
 */
export function chipActions(input: ActionInput): ChipAction[] {
  const { type, auth, wallet, owner, locked } = input;
  if (type === 'chip' && auth === 'checking') return [{ kind: 'authenticating' }];
  if (type === 'chip' && auth === 'failed') return [{ kind: 'auth-failed' }];
  if (type === 'chip' && auth === 'expired') return [{ kind: 'rescan' }];
  // nothing to mint: said before a wallet is even connected (a token without an owner would be a mint)
  if (input.soldOut && owner === null && !wallet) return [{ kind: 'sold-out' }];
  if (input.burned && owner === null && !input.multiMint) return [];
  if (!wallet) return [{ kind: 'connect' }];
  if (owner === undefined) return [];
  const proven = type === 'link' || auth === 'ok';
  const mint: ChipAction = input.soldOut
    ? { kind: 'sold-out' }
    : input.mintFailed
      ? { kind: 'rescan' }
      : { kind: 'mint', label: mintLabel(input.price, input.payoutAddress) };
  if (!owner) return proven ? [mint] : [];
  const actions: ChipAction[] = [];
  if (sameAddress(owner, wallet)) {
    if (type === 'chip') actions.push(locked ? { kind: 'unlock' } : { kind: 'lock' });
  } else if (type === 'chip') {
    if (locked) actions.push({ kind: 'locked' });
    else if (proven) actions.push(input.mintFailed ? { kind: 'rescan' } : { kind: 'claim' });
  }
  if (proven && input.multiMint && !actions.some((a) => a.kind === 'rescan')) actions.push(mint);
  return actions;
}

/** Spec section 4, token status (chip only); a token burned to redeem it (#32 item 5) is not 'pre-mint'. */
export function tokenStatus(owner: string | null | undefined, locked: boolean, burned = false): string {
  if (owner === undefined) return '';
  if (!owner) return burned ? 'redeemed (burned)' : 'pre-mint';
  return locked ? 'locked' : 'unlocked';
}
