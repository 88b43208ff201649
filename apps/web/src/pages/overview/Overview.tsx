import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HexValue } from '../../components/HexValue.js';
import { panelNftsPath } from '../../lib/adminPaths.js';
import type { ChainName } from '../../lib/chains.js';
import { formatDate } from '../../lib/format.js';
import { shortTokenId } from '../checkParent/checkParent.js';
import { useMyCollections } from '../collections/collectionsApi.js';
import { formatNative, ledgerKindLabel, useLedger } from '../ledger/ledgerApi.js';
import { NativeAmount } from '../ledger/RelayerBalance.js';
import { SOURCE_LABELS } from '../nfts/MintsList.js';
import { useOverview } from './overviewApi.js';
import { mintsPerCollection } from './overviewStats.js';
import { Sparkline } from './Sparkline.js';
import './overview.css';

/** Recent activity: the latest relayer ledger entries beside the latest mints (the route's few), so
 * a burst of fee entries never hides the mints. */
const RECENT_LEDGER = 3;

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
 * happened today and this week (scans and mints of ALL their templates, 7-day sparklines; the mints
 * from the mint ledger like the mints lists, every source: chip, link, manual, child), mints per
 * collection, the relayer balance with a top-up hint and recent activity (the latest mints and relayer
 * ledger entries, newest first). Shown at the top of the collections page, the landing page after
 * sign-in (spec section 2).
 */
export function Overview({ chain }: { chain: ChainName }) {
  const collections = useMyCollections(chain);
  const { templates, counts, mints, activity } = useOverview(chain);
  const ledger = useLedger(chain);
  const balance = ledger.data ? BigInt(ledger.data.item) : null;
  const fresh = collections.data?.length === 0 && templates.data?.length === 0;
  const week = activity.perDay;
  const pending = !mints.data;
  const perCollection = mintsPerCollection(
    (collections.data ?? []).map((c) => ({ address: c.deployedAddress, name: c.name })),
    mints.data?.byCollection ?? [],
  ).filter((c) => c.address !== '');
  const recent = [
    ...(mints.data?.recent ?? []).map((mint) => ({
      at: mint.blockTime ?? '',
      row: (
        <li key={`mint-${mint.txHash}-${mint.logIndex}`} data-testid="overview-activity-mint">
          <span className="overview-activity__what">
            Mint <span title={mint.tokenId}>#{shortTokenId(mint.tokenId)}</span> ·{' '}
            {SOURCE_LABELS[mint.source]} to <HexValue value={mint.to} chain={chain} />
          </span>
          <span className="muted">{mint.blockTime ? formatDate(mint.blockTime) : '–'}</span>
          <span className="overview-activity__amount">
            <HexValue value={mint.txHash} kind="tx" chain={chain} />
          </span>
        </li>
      ),
    })),
    ...(ledger.data?.items ?? []).slice(0, RECENT_LEDGER).map((entry) => ({
      at: entry.created,
      row: (
        <li key={`ledger-${entry.id}`} data-testid="overview-activity-ledger">
          <span className="overview-activity__what">{ledgerKindLabel(entry)}</span>
          <span className="muted">{formatDate(entry.created)}</span>
          <span className="overview-activity__amount">
            {formatNative(chain, entry.amount.replace('-', ''))}
          </span>
        </li>
      ),
    })),
  ]
    // newest first; a mint stored before block times were kept sorts last
    .sort((a, b) => (Date.parse(b.at) || 0) - (Date.parse(a.at) || 0));
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
        <Stat label="Scans today" value={pending ? '–' : activity.today.scans}>
          <span className="overview-stat__sub">{activity.week.scans} this week</span>
          <Sparkline label="Scans per day" values={week.map((d) => d.scans)} />
        </Stat>
        <Stat label="Mints today" value={pending ? '–' : activity.today.mints}>
          <span className="overview-stat__sub">
            {activity.week.mints} this week · {mints.data?.total ?? '–'} in all
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
      {perCollection.length > 0 && (
        <>
          <h3 className="overview__subtitle">Mints per collection</h3>
          <ul className="overview-collections" data-testid="overview-collection-mints">
            {perCollection.map((c) => (
              <li key={c.address} data-address={c.address.toLowerCase()}>
                <span className="overview-collections__name">
                  {c.name ?? 'Default collection'} <HexValue value={c.address} chain={chain} />
                </span>
                <span className="overview-collections__mints" data-testid="overview-collection-mint-count">
                  {c.mints}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="overview__subtitle">Recent activity</h3>
      {mints.data && ledger.data && recent.length === 0 && (
        <p className="muted" data-testid="overview-no-activity">
          No mints or relayer activity yet. Share a chip or QR link, or mint one by hand from a template.
        </p>
      )}
      {recent.length > 0 && (
        <ul className="overview-activity" data-testid="overview-activity">
          {recent.map((item) => item.row)}
        </ul>
      )}
    </section>
  );
}
