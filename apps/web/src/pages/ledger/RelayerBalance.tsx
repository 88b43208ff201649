import type { ChainName } from '../../lib/chains.js';
import { formatDate, shortAddress } from '../../lib/format.js';
import { txExplorerUrl, useNetwork } from '../../lib/networks.js';
import { formatNative, ledgerKindLabel, useLedger, type LedgerEntry } from './ledgerApi.js';

function Amount({ chain, wei }: { chain: ChainName; wei: string }) {
  const negative = wei.startsWith('-');
  return (
    <span className={negative ? 'ledger__amount ledger__amount--out' : 'ledger__amount'}>
      {negative ? '−' : '+'}
      {formatNative(chain, negative ? wei.slice(1) : wei)}
    </span>
  );
}

function EntryRow({ chain, entry }: { chain: ChainName; entry: LedgerEntry }) {
  const { data: network } = useNetwork(chain);
  const explorer = entry.txHash ? txExplorerUrl(network, entry.txHash) : undefined;
  return (
    <tr data-kind={entry.kind}>
      <td className="ledger__entry">
        <span className="ledger__kind">{ledgerKindLabel(entry)}</span>
        <span className="ledger__detail">{formatDate(entry.created)}</span>
        {entry.txHash ? (
          <span className="ledger__detail mono" title={entry.txHash}>
            {explorer ? (
              <a href={explorer} target="_blank" rel="noreferrer">
                {shortAddress(entry.txHash)}
              </a>
            ) : (
              shortAddress(entry.txHash)
            )}
          </span>
        ) : (
          entry.note && <span className="ledger__detail">{entry.note}</span>
        )}
      </td>
      <td>
        <Amount chain={chain} wei={entry.amount} />
      </td>
      <td className="ledger__balance">{formatNative(chain, entry.balance)}</td>
    </tr>
  );
}

/**
 * The relayer balance of a user on a chain and the ledger behind it (credits by the super admin,
 * fees reserved before a relayer-paid transaction is queued, released and paid from its receipt).
 * `userId`: the super admin's view of another user.
 */
export function RelayerBalance({ chain, userId }: { chain: ChainName; userId?: number }) {
  const ledger = useLedger(chain, userId);
  return (
    <section className="ledger" aria-labelledby="ledger-title">
      <h2 id="ledger-title" className="section-title">
        Relayer balance
      </h2>
      <p className="muted ledger__hint">
        Manual mints are sent and paid by MetaTag’s relayer: their fees on {chain} are taken from this
        balance. The worst case is reserved when a mint is queued; the real fee is paid from its receipt and
        the rest released. The super admin credits it.
      </p>
      {ledger.isPending && <div className="page-loading" aria-busy="true" />}
      {ledger.isError && (
        <p className="mt-error-text" role="alert">
          {ledger.error.message}
        </p>
      )}
      {ledger.data && (
        <>
          <dl className="ledger__summary">
            <div>
              <dt>Balance</dt>
              <dd data-testid="relayer-balance">{formatNative(chain, ledger.data.item)}</dd>
            </div>
            <div>
              <dt>Held for transactions under way</dt>
              <dd data-testid="relayer-held">{formatNative(chain, ledger.data.held)}</dd>
            </div>
          </dl>
          {ledger.data.items.length === 0 ? (
            <p className="muted">No data yet</p>
          ) : (
            <div className="table-scroll">
              <table className="ledger__table" aria-label="Relayer ledger">
                <thead>
                  <tr>
                    <th scope="col">entry</th>
                    <th scope="col">amount</th>
                    <th scope="col">balance</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.data.items.map((entry) => (
                    <EntryRow key={entry.id} chain={chain} entry={entry} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
