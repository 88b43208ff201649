import { useState } from 'react';
import { MAX_CLAIM_PHASES, type ClaimPhase } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { parseAllowlistCsv, type CsvRowError } from './allowlistCsv.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

/** An ISO instant as a datetime-local input's value (local time, minutes), and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : null);

const newPhase = (n: number): ClaimPhase => ({
  id: `phase-${Date.now().toString(36)}-${n}`,
  name: n === 0 ? 'Presale' : 'Public sale',
  start: null,
  end: null,
  price: '',
  walletCap: 0,
  allowlist: [],
});

/**
 * Claim phases (issue #32 item 3) on the template's edit page: each phase's window, price, per-wallet
 * cap and allowlist (a CSV upload, its bad lines listed by line number). Saved together: the server
 * checks the whole set, and vouchers carry the open phase's terms, which the collection enforces.
 */
export function ClaimPhasesSetting({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  const saved = item.claimPhases ?? [];
  const [draft, setDraft] = useState<{ phases: ClaimPhase[]; of: NftTemplate } | null>(null);
  const [csvErrors, setCsvErrors] = useState<Record<string, CsvRowError[]>>({});
  const phases = draft?.of === item ? draft.phases : saved;
  const changed = draft?.of === item;
  const edit = (i: number, patch: Partial<ClaimPhase>) =>
    setDraft({ phases: phases.map((p, j) => (i === j ? { ...p, ...patch } : p)), of: item });
  const upload = async (i: number, phase: ClaimPhase, file: File | undefined) => {
    if (!file) return;
    const { addresses, errors } = parseAllowlistCsv(await file.text());
    setCsvErrors((all) => ({ ...all, [phase.id]: errors }));
    if (errors.length === 0) edit(i, { allowlist: addresses });
  };
  const save = () =>
    update.mutate(
      { id: item.id, field: 'claimPhases', value: phases },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => window.alert(errorDetail(error) ?? 'server error'),
      },
    );
  return (
    <div className="claim-phases" data-testid="claim-phases">
      {phases.length === 0 && <p className="claim-phases__none">No phases: anyone may claim at any time.</p>}
      {phases.map((phase, i) => (
        <fieldset key={phase.id} className="claim-phase" data-testid="claim-phase">
          <legend>Phase {i + 1}</legend>
          <label>
            Name
            <input value={phase.name} maxLength={60} onChange={(e) => edit(i, { name: e.target.value })} />
          </label>
          <label>
            Opens
            <input
              type="datetime-local"
              aria-label={`Phase ${i + 1} opens`}
              value={toLocal(phase.start)}
              onChange={(e) => edit(i, { start: fromLocal(e.target.value) })}
            />
          </label>
          <label>
            Closes
            <input
              type="datetime-local"
              aria-label={`Phase ${i + 1} closes`}
              value={toLocal(phase.end)}
              onChange={(e) => edit(i, { end: fromLocal(e.target.value) })}
            />
          </label>
          <label>
            Price (ETH, empty: the template's)
            <input
              inputMode="decimal"
              value={phase.price}
              onChange={(e) => edit(i, { price: e.target.value.trim() })}
            />
          </label>
          <label>
            Per wallet (0: no cap)
            <input
              inputMode="numeric"
              aria-label={`Phase ${i + 1} per wallet`}
              value={String(phase.walletCap)}
              onChange={(e) => edit(i, { walletCap: Number(e.target.value) || 0 })}
            />
          </label>
          <label>
            Allowlist CSV
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-label={`Phase ${i + 1} allowlist CSV`}
              onChange={(e) => void upload(i, phase, e.target.files?.[0])}
            />
          </label>
          <p className="claim-phase__list" data-testid="claim-phase-allowlist">
            {phase.allowlist.length === 0
              ? 'Open to every wallet'
              : `Allowlist: ${phase.allowlist.length} addresses`}
            {phase.allowlist.length > 0 && (
              <button type="button" onClick={() => edit(i, { allowlist: [] })}>
                Remove list
              </button>
            )}
          </p>
          {(csvErrors[phase.id] ?? []).length > 0 && (
            <ul className="claim-phase__errors" role="alert" data-testid="claim-phase-csv-errors">
              {(csvErrors[phase.id] ?? []).slice(0, 20).map((e) => (
                <li key={`${e.row}-${e.text}`}>
                  {e.row > 0 ? `Line ${e.row}: "${e.text}" is ${e.message}` : e.message}
                </li>
              ))}
              <li>The list was not changed: fix these lines and upload the file again.</li>
            </ul>
          )}
          <button
            type="button"
            className="claim-phase__remove"
            onClick={() => setDraft({ phases: phases.filter((_, j) => j !== i), of: item })}
          >
            Remove phase
          </button>
        </fieldset>
      ))}
      <div className="claim-phases__actions">
        <button
          type="button"
          disabled={phases.length >= MAX_CLAIM_PHASES}
          onClick={() => setDraft({ phases: [...phases, newPhase(phases.length)], of: item })}
        >
          Add phase
        </button>
        {changed && (
          <button type="button" disabled={update.isPending} onClick={save}>
            Save phases
          </button>
        )}
      </div>
    </div>
  );
}
