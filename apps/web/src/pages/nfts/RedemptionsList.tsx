import { useQuery } from '@tanstack/react-query';
import { HexValue } from '../../components/HexValue.js';
import { shortTokenId } from '../checkParent/checkParent.js';
import { unwrap } from '../../lib/api.js';
import { formatDate } from '../../lib/format.js';
import { typedApi } from '../../lib/typedApi.js';
import { LIST_POLL_MS } from './nftsApi.js';
import { redemptionsCsv } from './redemptionsCsv.js';

/**
 * The template's redemptions (issue #32 item 5), newest first, with a CSV export and the key the
 * webhooks are signed with (HMAC-SHA256 of `{X-MetaTag-Timestamp}.{body}` in X-MetaTag-Signature).
 */
export function RedemptionsList({ nftId }: { nftId: number }) {
  const list = useQuery({
    queryKey: ['redemptions', nftId],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('listRedemptions', { params: { nftId } }, { signal })),
    refetchInterval: LIST_POLL_MS,
    meta: { userScoped: true },
  });
  const items = list.data?.items ?? [];
  const download = () => {
    const url = URL.createObjectURL(new Blob([redemptionsCsv(items)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `redemptions-${nftId}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="redemptions" data-testid="redemptions">
      <p className="muted">
        Webhook key: <code data-testid="redemption-webhook-secret">{list.data?.webhookSecret ?? '…'}</code>
      </p>
      {items.length === 0 ? (
        <p className="muted">No redemptions yet.</p>
      ) : (
        <>
          <button type="button" onClick={download} data-testid="redemptions-csv">
            Export CSV
          </button>
          <div className="redemptions__scroll">
            <table className="redemptions__table">
              <thead>
                <tr>
                  <th>redeemed</th>
                  <th>token</th>
                  <th>holder</th>
                  <th>token is</th>
                  <th>shop told</th>
                </tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <tr key={r.txHash} data-testid="redemption-row">
                    <td>{formatDate(r.redeemedAt)}</td>
                    <td className="mono" title={r.tokenId}>
                      {shortTokenId(r.tokenId)}
                    </td>
                    <td>
                      <HexValue value={r.holder} testId="redemption-holder" />
                    </td>
                    <td>{r.burned ? 'burned' : 'locked forever'}</td>
                    <td>
                      {[r.emailedAt ? 'email' : '', r.webhookAt ? 'webhook' : '']
                        .filter(Boolean)
                        .join(', ') || (r.noticePending ? 'being told' : '—')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
