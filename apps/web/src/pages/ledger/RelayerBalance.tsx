import type { ChainName } from '../../lib/chains.js';
import { EmptyState } from '../../components/EmptyState.js';
import { HexValue } from '../../components/HexValue.js';
import { formatDate } from '../../lib/format.js';
import {
  formatNative,
  formatNativeExact,
  ledgerKindLabel,
  useLedger,
  type LedgerEntry,
} from './ledgerApi.js';
import './relayerBalance.css';

/** An amount for reading, its exact value in the title. */
export function NativeAmount({ chain, wei, testId }: { chain: ChainName; wei: string; testId?: string }) {
  return (
    <span title={formatNativeExact(chain, wei)} data-testid={testId}>
      {formatNative(chain, wei)}
    </span>
  );
}

function Amount({ chain, wei }: { chain: ChainName; wei: string }) {
  const negative = wei.startsWith('-');
  return (
    <span
      className={negative ? 'ledger__amount ledger__amount--out' : 'ledger__amount'}
      title={formatNativeExact(chain, negative ? wei.slice(1) : wei)}
    >
      {negative ? '−' : '+'}
      {formatNative(chain, negative ? wei.slice(1) : wei)}
    </span>
  );
}

function EntryRow({ chain, entry }: { chain: ChainName; entry: LedgerEntry }) {
  return (
    <tr data-kind={entry.kind}>
      <td className="ledger__entry">
        <span className="ledger__kind">{ledgerKindLabel(entry)}</span>
        <span className="ledger__detail">{formatDate(entry.created)}</span>
        {entry.txHash ? (
          <span className="ledger__detail">
            <HexValue value={entry.txHash} kind="tx" chain={chain} />
          </span>
        ) : (
          entry.note && <span className="ledger__detail">{entry.note}</span>
        )}
      </td>
      <td>
        <Amount chain={chain} wei={entry.amount} />
      </td>
      <td className="ledger__balance">
        <NativeAmount chain={chain} wei={entry.balance} />
      </td>
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
        Pays the relayer’s fees for manual mints on {chain}. Low? Ask the super admin to top it up.
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
              <dd>
                <NativeAmount chain={chain} wei={ledger.data.item} testId="relayer-balance" />
              </dd>
            </div>
            <div>
              <dt>Held for transactions under way</dt>
              <dd>
                <NativeAmount chain={chain} wei={ledger.data.held} testId="relayer-held" />
              </dd>
            </div>
          </dl>
          {ledger.data.items.length === 0 ? (
            <EmptyState title="No data yet" testId="ledger-empty">
              {userId === undefined
                ? 'Ask the super admin for a top-up; it and every relayer fee show here.'
                : 'Credit this user from the users table; credits and fees show here.'}
            </EmptyState>
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
