import { useQuery } from '@tanstack/react-query';
import { pendingNotice, resaleQuery } from './resale.js';

/**
 * Resale by the chip (issue #32 item 2): while a resale claim waits, everyone on the chip page, the
 * owner first, reads when the item moves and that locking it stops the transfer; a claim that failed
 * says why.
 */
export function ResaleNotice({ id }: { id: string }) {
  const status = useQuery(resaleQuery(id));
  const claim = status.data?.claim;
  if (!claim) return null;
  if (claim.status === 'pending')
    return (
      <p className="chip-resale chip-resale--pending" role="status" data-testid="resale-notice">
        {pendingNotice(claim)}
      </p>
    );
  if (claim.status === 'failed')
    return (
      <p className="chip-resale chip-resale--failed" data-testid="resale-notice">
        {claim.reason}
      </p>
    );
  return null;
}
