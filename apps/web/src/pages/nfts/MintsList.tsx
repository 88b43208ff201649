import { useState } from 'react';
import { MINT_SOURCES, MINTS_CSV_NAME, routeUrl, type MintSource } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';
import { formatDate } from '../../lib/format.js';
import { EmptyState } from '../../components/EmptyState.js';
import { HexValue } from '../../components/HexValue.js';
import { NOT_MINTED, NO_DATA } from '../../lib/texts.js';
import { useMints } from './nftsApi.js';
import './mintsList.css';

/** What each source means to an owner (the filter's options and the Source column). */
export const SOURCE_LABELS: Record<MintSource, string> = {
  chip: 'Chip',
  link: 'Link',
  manual: 'Manual',
  child: 'Child',
  other: 'Other',
};

/** `mints.csv` of a template, optionally of one source (streamed by the gateway from the ledger). */
export const mintsCsvPath = (chain: string, nftId: number, source?: MintSource) =>
  routeUrl('mintsCsv', { params: { chain, nftId: String(nftId) }, query: { source } });

/**
 * The mints of a template (spec sections 2-4; #30): every mint the mint ledger saw — chip and link
 * vouchers a buyer's wallet sent, manual mints, a father's children — plus manual mints not on chain
 * yet, newest first, a page at a time, filterable by source, exportable as mints.csv. Polled every
 * 2500 ms while shown; 'No data yet' while there is no answer, "This NFT didn't minted yet" when
 * there are none. A card per mint on a phone (the table's `data-table--cards`).
 */
export function MintsList({ chain, nftId }: { chain: ChainName; nftId: number }) {
  const [source, setSource] = useState<MintSource | undefined>(undefined);
  const [page, setPage] = useState(1);
  const mints = useMints(chain, nftId, { page, source });
  if (!mints.data) {
    return (
      <p className="muted" data-testid="mints-empty" title={mints.error?.message}>
        {NO_DATA}
      </p>
    );
  }
  const { items, total, pageSize, bySource, pending } = mints.data;
  const all = MINT_SOURCES.reduce((sum, s) => sum + bySource[s], 0);
  if (all === 0 && pending === 0 && source === undefined) {
    return (
      <EmptyState title={NOT_MINTED} testId="mints-empty">
        Mints show here as chips and links mint, or when you mint manually above.
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mints-list" data-testid={`mints-list-${nftId}`}>
      <div className="mints-list__bar">
        <label className="mints-list__filter">
          <span>Source</span>
          <select
            aria-label="Source of the mints"
            value={source ?? ''}
            onChange={(event) => {
              setSource((event.target.value || undefined) as MintSource | undefined);
              setPage(1);
            }}
          >
            <option value="">All ({all})</option>
            {MINT_SOURCES.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]} ({bySource[s]})
              </option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="mints-total">
          {total} {total === 1 ? 'mint' : 'mints'}
          {pending > 0 ? `, ${pending} on the way` : ''}
        </span>
        <a className="mints-list__csv" href={mintsCsvPath(chain, nftId, source)} download={MINTS_CSV_NAME}>
          Export CSV
        </a>
      </div>
      {items.length === 0 ? (
        <p className="muted">No mints of this source.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--cards mints-table" aria-label={`Mints of NFT ${nftId}`}>
            <thead>
              <tr>
                <th scope="col">tokenId</th>
                <th scope="col">source</th>
                <th scope="col">to</th>
                <th scope="col">owner</th>
                <th scope="col">created</th>
                <th scope="col">status</th>
                <th scope="col">tx</th>
              </tr>
            </thead>
            <tbody>
              {items.map((mint) => (
                <tr key={`${mint.tx ?? ''}-${mint.tokenId}`} data-testid="mint-row" data-source={mint.source}>
                  <td className="mono" data-label="tokenId" title={mint.tokenId} data-testid="mint-token">
                    {shortTokenId(mint.tokenId)}
                  </td>
                  <td data-label="source" data-testid="mint-source" title={senderText(mint.sender)}>
                    {SOURCE_LABELS[mint.source]}
                  </td>
                  <td className="mono" data-label="to">
                    {mint.to ? <HexValue value={mint.to} chain={chain} /> : '-'}
                  </td>
                  <td className="mono" data-label="owner">
                    {mint.owner ? <HexValue value={mint.owner} chain={chain} /> : '-'}
                  </td>
                  <td className="nowrap" data-label="created">
                    {formatDate(mint.created)}
                  </td>
                  <td data-label="status">{mint.status}</td>
                  <td className="mono" data-label="tx" data-testid="mint-tx" data-tx={mint.tx ?? ''}>
                    {mint.tx ? <HexValue value={mint.tx} kind="tx" chain={chain} /> : '-'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="mints-list__pages" aria-label={`Pages of the mints of NFT ${nftId}`}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

const senderText = (sender: string) => (sender ? `sent by the ${sender}` : undefined);

/** Child ids are above 2^255: shortened, whole in the title. */
function shortTokenId(tokenId: string): string {
  return tokenId.length > 16 ? `${tokenId.slice(0, 6)}…${tokenId.slice(-6)}` : tokenId;
}
