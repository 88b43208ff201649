import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { panelNftsPath } from '../../lib/adminPaths.js';
import type { ChainName } from '../../lib/chains.js';
import { formatDate } from '../../lib/format.js';
import { useMyCollections } from '../collections/collectionsApi.js';
import { formatNative, ledgerKindLabel, useLedger } from '../ledger/ledgerApi.js';
import { NativeAmount } from '../ledger/RelayerBalance.js';
import { useOverview } from './overviewApi.js';
import { Sparkline } from './Sparkline.js';
import './overview.css';

function Stat({
  label,
  value,
  to,
  children,
}: {
  label: string;
  value: ReactNode;
  to?: string;
  children?: ReactNode;
}) {
  const name = to ? <Link to={to}>{label}</Link> : label;
  return (
    <div className="overview-stat" data-testid={`overview-${label.toLowerCase().replace(/\W+/g, '-')}`}>
      <span className="overview-stat__label">{name}</span>
      <span className="overview-stat__value">{value}</span>
      {children}
    </div>
  );
}

/**
 * The owner's home (issue #30): what they have (collections, templates, chips, links, mints), what
 * happened today and this week (scans and mints, 7-day sparklines), the relayer balance with a top-up
 * hint and the latest ledger entries. Shown at the top of the collections page, the landing page
 * after sign-in (spec section 2).
 */
export function Overview({ chain }: { chain: ChainName }) {
  const collections = useMyCollections(chain);
  const { templates, counts, activity, activityPending } = useOverview(chain);
  const ledger = useLedger(chain);
  const balance = ledger.data ? BigInt(ledger.data.item) : null;
  const fresh = collections.data?.length === 0 && templates.data?.length === 0;
  const week = activity.perDay;
  return (
    <section className="overview" aria-labelledby="overview-title" data-testid="overview">
      <h2 id="overview-title" className="section-title">
        Overview
      </h2>
      {fresh && (
        <p className="empty-state" data-testid="overview-empty">
          Nothing here yet: deploy a collection below, then add an NFT template and its chips or QR links.
        </p>
      )}
      <div className="overview-grid">
        <Stat label="Collections" value={collections.data?.length ?? '–'} />
        <Stat
          label="NFT templates"
          value={templates.data ? counts.templates : '–'}
          to={panelNftsPath(chain)}
        />
        <Stat label="Chips" value={templates.data ? counts.chips : '–'} to={`/${chain}/admin/panel/chips`} />
        <Stat label="QR links" value={templates.data ? counts.links : '–'} to={`/${chain}/admin/panel/qrs`} />
        <Stat label="Scans today" value={activityPending ? '–' : activity.today.scans}>
          <span className="overview-stat__sub">{activity.week.scans} this week</span>
          <Sparkline label="Scans per day" values={week.map((d) => d.scans)} />
        </Stat>
        <Stat label="Mints today" value={activityPending ? '–' : activity.today.mints}>
          <span className="overview-stat__sub">
            {activity.week.mints} this week · {counts.mints} in all
          </span>
          <Sparkline label="Mints per day" values={week.map((d) => d.mints)} />
        </Stat>
        <Stat
          label="Relayer balance"
          value={ledger.data ? <NativeAmount chain={chain} wei={ledger.data.item} /> : '–'}
        >
          {balance !== null && (
            <span
              className={
                balance === 0n ? 'overview-stat__sub overview-stat__sub--warn' : 'overview-stat__sub'
              }
              data-testid="overview-topup"
            >
              {balance === 0n ? 'Empty: manual mints fail. ' : ''}Top up: ask the super admin.
            </span>
          )}
        </Stat>
      </div>
      <h3 className="overview__subtitle">Recent activity</h3>
      {ledger.data && ledger.data.items.length === 0 && (
        <p className="muted" data-testid="overview-no-activity">
          No relayer activity yet. Manual mints and relayed chip mints show up here.
        </p>
      )}
      {ledger.data && ledger.data.items.length > 0 && (
        <ul className="overview-activity" data-testid="overview-activity">
          {ledger.data.items.slice(0, 5).map((entry) => (
            <li key={entry.id}>
              <span>{ledgerKindLabel(entry)}</span>
              <span className="muted">{formatDate(entry.created)}</span>
              <span className="overview-activity__amount">
                {formatNative(chain, entry.amount.replace('-', ''))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
