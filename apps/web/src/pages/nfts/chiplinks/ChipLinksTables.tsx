import { Link } from 'react-router';
import type { ChainName } from '../../../lib/chains.js';
import type { MintTarget } from '../useMintTarget.js';
import { ChiplinksTable } from './ChiplinksTable.js';
import './chiplinks.css';

/**
 * The chips and links tables of a template (spec section 2, "Chips and links tables"). `userId` is
 * set when a super admin manages another user's items (`?user=` on every call).
 */
export function ChipLinksTables({
  chain,
  nftId,
  userId,
  target,
}: {
  chain: ChainName;
  nftId: number;
  userId?: number;
  /** Where the template mints; chips and links of a template that cannot mint are warned of first. */
  target: MintTarget;
}) {
  const scope = { chain, nftId, userId };
  const blocked =
    target.state === 'no-default' || target.state === 'not-attached' || target.state === 'not-minter';
  return (
    <div className="chiplinks-tables" data-testid={`chiplinks-${nftId}`}>
      {blocked && (
        <p
          className="mt-error-text chiplinks-tables__warning"
          role="note"
          data-testid={`chiplinks-cannot-mint-${nftId}`}
        >
          {target.state === 'no-default'
            ? `${chain} has no default collection: chips and links of this template cannot mint yet. Choose a collection first.`
            : target.state === 'not-attached'
              ? 'This template’s collection is not one of the owner’s: its chips and links cannot mint. Choose another collection first.'
              : 'MetaTag’s relayer is not the minter of this template’s collection: its chips and links cannot mint until it is.'}
        </p>
      )}
      <ChiplinksTable type="chip" scope={scope} />
      {userId === undefined && (
        <p className="chiplinks-tables__batches">
          {/* issue #26: batches, CSV uploads, one URL per batch, key rotation */}
          <Link to={`/${chain}/admin/batches/${nftId}`}>Chip batches (CSV upload, one URL for a batch)</Link>
        </p>
      )}
      <ChiplinksTable type="link" scope={scope} />
    </div>
  );
}
