import type { ChainName } from '../../../lib/chains.js';
import { ChiplinksTable } from './ChiplinksTable.js';

/**
 * The chips and links tables of a template (spec section 2, "Chips and links tables"). `userId` is
 * set when a super admin manages another user's items (`?user=` on every call).
 */
export function ChipLinksTables({
  chain,
  nftId,
  userId,
}: {
  chain: ChainName;
  nftId: number;
  userId?: number;
}) {
  const scope = { chain, nftId, userId };
  return (
    <div className="chiplinks-tables" data-testid={`chiplinks-${nftId}`}>
      <ChiplinksTable type="chip" scope={scope} />
      <ChiplinksTable type="link" scope={scope} />
    </div>
  );
}
