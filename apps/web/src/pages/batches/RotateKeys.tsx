import { useState, type FormEvent } from 'react';
import type { ChipBatchReply } from '@metatag/api-types';
import { Button } from '@metatag/ui';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { parseBatchCsv } from './batchCsv.js';

type RotateBody = {
  masterKey?: string;
  metaReadKey?: string;
  chips?: { uid: string; metaReadKey?: string; fileReadKey?: string }[];
};

/**
 * 'Rotate keys' for every scheme a batch can have (issue #26 item 1): an `an10922` batch gets a new
 * master of ours (sealed, never shown); an `sdm-backend` batch the fleet's new master, typed here once
 * (a password field: it is not shown again); an `imported` batch a CSV of its chips' new keys (rows
 * `uid, fileReadKey[, metaReadKey]`, all checked before any changes: a bad row rotates nothing and is
 * named). Chips move to the new version on their first tap after re-personalisation.
 */
export function RotateKeys({
  batch,
  onRotated,
}: {
  batch: ChipBatchReply;
  onRotated(message: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [masterKey, setMasterKey] = useState('');
  const [metaReadKey, setMetaReadKey] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function send(body: RotateBody) {
    setBusy(true);
    setError(undefined);
    try {
      const reply = await typedApi.call('rotateBatch', { params: { id: batch.id }, body });
      if (isApiError(reply)) return setError(reply.errorMessage ?? reply.error);
      setOpen(false);
      setMasterKey('');
      setMetaReadKey('');
      setFile(undefined);
      onRotated(
        `Key version ${reply.keyVersion}: chips move to it on their first tap after re-personalisation.`,
      );
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (batch.scheme === 'sdm-backend') return send({ masterKey: masterKey.trim() });
    if (!file) return setError('Choose the CSV of the new keys');
    const chips = parseBatchCsv(await file.text()).map(({ line: _line, ...chip }) => chip);
    if (chips.length === 0) return setError('The CSV has no chip rows');
    await send({ chips, ...(metaReadKey.trim() ? { metaReadKey: metaReadKey.trim() } : {}) });
  }

  if (batch.scheme === 'an10922')
    return (
      <Button
        type="button"
        variant="secondary"
        disabled={busy}
        onClick={() => {
          if (
            window.confirm(`A new key version for ${batch.name}: re-personalise its chips with the new keys.`)
          )
            // send shows its outcome (or failure) in the form
            void send({});
        }}
      >
        Rotate keys
      </Button>
    );
  if (!open)
    return (
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        Rotate keys
      </Button>
    );
  return (
    <form className="batches__rotate" aria-label="Rotate keys" onSubmit={(e) => void submit(e)}>
      {batch.scheme === 'sdm-backend' ? (
        <label>
          The fleet&apos;s new master key (hex, 16 or 32 bytes)
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            pattern="[0-9a-fA-F]{32}|[0-9a-fA-F]{64}"
            value={masterKey}
            onChange={(e) => setMasterKey(e.target.value)}
          />
        </label>
      ) : (
        <>
          <label>
            {/* one grid item: the label's grid would put each text run and code on a row of its own */}
            <span>
              CSV of the new keys (<code>uid</code>, <code>fileReadKey</code>, <code>metaReadKey</code>)
            </span>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => setFile(e.target.files?.[0])}
            />
          </label>
          {batch.urlForm && (
            <label>
              The batch&apos;s new common meta read key (hex, 16 bytes)
              <input
                type="password"
                autoComplete="off"
                spellCheck={false}
                pattern="[0-9a-fA-F]{32}"
                value={metaReadKey}
                onChange={(e) => setMetaReadKey(e.target.value)}
              />
            </label>
          )}
        </>
      )}
      {error && <p role="alert">{error}</p>}
      <p className="batches__actions">
        <Button type="submit" disabled={busy}>
          Rotate to a new key version
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </p>
    </form>
  );
}
