import type { CheckTagReply } from '@metatag/api-types';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

/**
 * A verified tap's pending NFC-NFT transaction (docs/decisions.md "A tap of a chip with a pending
 * NFC-NFT transaction"): the TagRelayer `execute` call the visitor's wallet sends, with the value the
 * admin attached. Null when nothing is pending or the server could not authorize the call.
 */
export interface PendingRelay {
  /** The admin's call on the target contract (for the visitor to read). */
  data: string;
  /** Wei sent along, a decimal string. */
  value: string;
  /** The TagRelayer: where the wallet sends `relayData`. */
  relayer: string;
  /** `execute(...)` with the scan-bound authorization. */
  relayData: string;
  redirectUrl: string | null;
}

const HEX = /^0x([0-9a-fA-F]{2})+$/;

export function pendingRelayOf(reply: CheckTagReply): PendingRelay | null {
  const { pendingTransactionData, transactionDataToRelayer, relayer } = reply;
  if (!pendingTransactionData || !transactionDataToRelayer || !relayer) return null;
  if (!HEX.test(transactionDataToRelayer) || !ANY_CASE_ADDRESS_PATTERN.test(relayer)) return null;
  const value =
    reply.pendingTransactionValue && /^\d+$/.test(reply.pendingTransactionValue)
      ? reply.pendingTransactionValue
      : '0';
  return {
    data: pendingTransactionData,
    value,
    relayer,
    relayData: transactionDataToRelayer,
    redirectUrl: reply.redirectUrl && /^https?:\/\//i.test(reply.redirectUrl) ? reply.redirectUrl : null,
  };
}

/** Where the page goes after the relay: `redirectUrl?tx={hash}` (or `&tx=` after a query). */
export function redirectWithTx(redirectUrl: string, hash: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('tx', hash);
  return url.toString();
}

/** Wei as ETH for people ('0.01 ETH'); exact, no float rounding. */
export function weiToEth(wei: string): string {
  const padded = wei.replace(/^0+/, '').padStart(19, '0');
  const whole = padded.slice(0, -18).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(-18).replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} ETH`;
}
