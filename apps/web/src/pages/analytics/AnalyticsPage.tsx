import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, TextInput } from '@metatag/ui';
import { RequireUser } from '../../session/RequireUser.js';
import {
  analyticsQuery,
  scansCsvPath,
  ownersCsvPath,
  type AnalyticsScope,
  type DayRange,
} from './analyticsApi.js';
import { ScansChart } from './ScansChart.js';
import { WorldMap } from './WorldMap.js';
import './analytics.css';
import { shortAddress } from '../../lib/format.js';
import { TapFlags } from '../nfts/chiplinks/TapReadings.js';

function Totals({ totals }: { totals: Record<string, number | object> }) {
  const labels: [string, string][] = [
    ['scans', 'Scans'],
    ['firstScans', 'First scans'],
    ['repeatScans', 'Repeat scans'],
    ['chiplinks', 'Chips and links scanned'],
    ['countries', 'Countries'],
    ['cities', 'Cities'],
    ['refusedInvalid', 'Refused: invalid (forged or another chip)'],
    ['refusedReplayed', 'Refused: replayed'],
    ['mints', 'Mints'],
    ['tamperedChips', 'Chips with an open or opened seal'],
    ['counterJumps', 'Counter jumps'],
  ];
  return (
    <dl className="analytics-totals">
      {labels.map(([key, label]) => (
        <div key={key} className="analytics-total">
          <dt>{label}</dt>
          <dd data-testid={`total-${key}`}>{String(totals[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function RangeForm({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ from: from || undefined, to: to || undefined });
  };
  return (
    <form className="analytics-range" onSubmit={submit} aria-label="Date range">
      <label>
        From <TextInput type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label>
        To <TextInput type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </label>
      <Button type="submit">Show</Button>
    </form>
  );
}

function Analytics({ scope }: { scope: AnalyticsScope }) {
  const [range, setRange] = useState<DayRange>({});
  const { data, error, isPending } = useQuery(analyticsQuery(scope, range));
  const name =
    'nftId' in scope ? `NFT template #${scope.nftId}` : `collection ${shortAddress(scope.address)}`;
  const suffix = 'nftId' in scope ? String(scope.nftId) : scope.address;
  return (
    <section className="analytics" aria-labelledby="analytics-title">
      <h1 id="analytics-title" className="page-title" title={suffix}>
        Scans of {name}
      </h1>
      <RangeForm range={range} onChange={setRange} />
      {isPending && <p>Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && (
        <>
          <p className="analytics-period" data-testid="analytics-period">
            {data.from} – {data.to} (UTC)
          </p>
          <Totals
            totals={{
              ...data.totals,
              refusedInvalid: data.totals.refused.invalid,
              refusedReplayed: data.totals.refused.replayed,
            }}
          />
          {(data.flaggedChips ?? []).length > 0 && (
            <section aria-label="Flagged chips">
              <h2 className="analytics-subtitle">Flagged chips</h2>
              <ul className="analytics-flagged" data-testid="flagged-chips">
                {data.flaggedChips.map((c) => (
                  <li key={c.chiplinkId} data-testid={`flagged-${c.chiplinkId}`}>
                    <a className="mono" href={`/tag/${c.chiplinkId}`} target="_blank" rel="noreferrer">
                      {c.chiplinkId}
                    </a>{' '}
                    <TapFlags tamper={c.tamper} counterJumps={c.counterJumps} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-label="Scans and mints per day">
            <h2 className="analytics-subtitle">Scans and mints per day</h2>
            <ScansChart perDay={data.perDay} />
          </section>
          <section aria-label="Where">
            <h2 className="analytics-subtitle">Where</h2>
            <WorldMap cities={data.cities} />
          </section>
          <div className="analytics-places">
            <section aria-label="Top countries">
              <h2 className="analytics-subtitle">Top countries</h2>
              <ol data-testid="top-countries">
                {data.countries.map((c) => (
                  <li key={c.country}>
                    {c.country} <span>{c.scans}</span>
                  </li>
                ))}
              </ol>
            </section>
            <section aria-label="Top cities">
              <h2 className="analytics-subtitle">Top cities</h2>
              <ol data-testid="top-cities">
                {data.cities.map((c) => (
                  <li key={`${c.city}|${c.country}`}>
                    {c.city}, {c.country} <span>{c.scans}</span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
          <p>
            <a href={scansCsvPath(scope, range)} download={`scans-${suffix}.csv`} data-testid="scans-csv">
              scans.csv
            </a>{' '}
            <a href={ownersCsvPath(scope)} download={`owners-${suffix}.csv`} data-testid="owners-csv">
              owners.csv (current owners)
            </a>
          </p>
        </>
      )}
    </section>
  );
}

/**
 * Scan analytics of an NFT template or a collection (issue #20), for its owner: totals, first vs repeat, scans per
 * day, a world map, top places, a date range and the CSV. Its own chunk: recharts, d3-geo and the
 * map load on this page only.
 */
export function AnalyticsPage() {
  const { nftId, address, chain = '' } = useParams();
  const id = Number(nftId);
  const scope: AnalyticsScope | null = address
    ? { chain, address: address.toLowerCase() }
    : Number.isSafeInteger(id) && id > 0
      ? { nftId: id }
      : null;
  return <RequireUser>{scope ? <Analytics scope={scope} /> : <p>404 not found yet</p>}</RequireUser>;
}
