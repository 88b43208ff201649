import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/api.js';
import { formatDate } from '../../lib/format.js';
import { typedApi } from '../../lib/typedApi.js';
import { LIST_POLL_MS } from './nftsApi.js';

/**
 * The template's pending email claims (issue #29 item 3): which chip or link is held for an email
 * address (masked: a***@example.com) and until when. Nothing shows while there are none.
 */
export function PendingEmailClaims({ nftId }: { nftId: number }) {
  const pending = useQuery({
    queryKey: ['email-claims', nftId],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('emailClaimPending', { params: { nftId } }, { signal })).items,
    refetchInterval: LIST_POLL_MS,
    meta: { userScoped: true },
  });
  const items = pending.data ?? [];
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="nft-details__title">Pending email claims</h3>
      <table className="pending-email-claims" data-testid="pending-email-claims">
        <thead>
          <tr>
            <th>chip / link</th>
            <th>email</th>
            <th>expires</th>
          </tr>
        </thead>
        <tbody>
          {items.map((claim) => (
            <tr key={`${claim.chiplinkId}-${claim.createdAt}`}>
              <td>
                <code>{claim.chiplinkId}</code>
              </td>
              <td>{claim.email}</td>
              <td>{formatDate(claim.expiresAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
