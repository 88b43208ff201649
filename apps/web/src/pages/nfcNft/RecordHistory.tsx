import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { NfcNftHistoryEntry } from '@metatag/api-types';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';

const LABELS: Record<NfcNftHistoryEntry['kind'], string> = {
  created: 'created',
  'pending-set': 'pending transaction set',
  'pending-cleared': 'pending transaction cleared',
  authorized: 'authorized after a tap',
  sent: 'sent',
  confirmed: 'confirmed',
  failed: 'failed',
};

/**
 * What happened to a record's pending transactions (issue #17 item 5), newest first; read when opened
 * and again every 2.5 s while open, so a tap's relay shows up without a reload.
 */
export function RecordHistory({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['nfc-nft', id, 'history'],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('nfcNftHistory', { params: { id } }, { signal })).items,
    enabled: open,
    refetchInterval: open ? 2500 : false,
    meta: { persist: false, userScoped: true },
  });
  return (
    <details className="nfc-record__history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>History</summary>
      {history.isError && <p className="mt-error-text">{history.error.message}</p>}
      {history.data?.length === 0 && <p className="empty">No data yet</p>}
      <ol aria-label={`History of item ${id}`}>
        {[...(history.data ?? [])].reverse().map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> {LABELS[entry.kind]}
            {entry.detail && <span className="nfc-record__history-detail"> — {entry.detail}</span>}
            {entry.txHash && <code className="nfc-record__history-tx"> {entry.txHash}</code>}
          </li>
        ))}
      </ol>
    </details>
  );
}
