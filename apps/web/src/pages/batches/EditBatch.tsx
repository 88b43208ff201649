import { useState, type FormEvent } from 'react';
import type { ChipBatchReply } from '@metatag/api-types';
import { Button, inputClassName, TextInput } from '@metatag/ui';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { MAC_FROM, type MacFrom } from './urlForms.js';

/**
 * Changing a batch (issue #26 item 1): what `PUT /json/chip-batches/:id` takes — the NFT template its
 * chips show, its name, its one URL (template, MAC-input start, file data length), TagTamper and the
 * counter-jump threshold. Only changed fields are sent. A template change moves the batch, so it
 * leaves this page's list: `onMoved` says where it went.
 */
export function EditBatch({
  batch,
  onSaved,
  onMoved,
}: {
  batch: ChipBatchReply;
  onSaved: (b: ChipBatchReply) => void;
  onMoved: (b: ChipBatchReply) => void;
}) {
  const isDefault = batch.scheme === 'default';
  const [nftId, setNftId] = useState(String(batch.nftId));
  const [name, setName] = useState(batch.name);
  const [template, setTemplate] = useState(batch.urlForm?.template ?? '');
  const [from, setFrom] = useState<MacFrom>(batch.urlForm?.macInputFrom ?? 'MAC');
  const [encLength, setEncLength] = useState(String(batch.urlForm?.encLength ?? ''));
  const [tagTamper, setTagTamper] = useState(batch.tagTamper);
  const [counterJump, setCounterJump] = useState(batch.counterJump === null ? '' : String(batch.counterJump));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const patch: Record<string, unknown> = {};
    if (Number(nftId) !== batch.nftId) patch.nftId = Number(nftId);
    if (name.trim() !== batch.name) patch.name = name.trim();
    const form = template.trim()
      ? {
          template: template.trim(),
          macInputFrom: from,
          ...(encLength ? { encLength: Number(encLength) } : {}),
        }
      : null;
    if (!isDefault && JSON.stringify(form) !== JSON.stringify(batch.urlForm ?? null)) patch.urlForm = form;
    if (tagTamper !== batch.tagTamper) patch.tagTamper = tagTamper;
    const jump = counterJump.trim() ? Number(counterJump) : null;
    if (jump !== batch.counterJump) patch.counterJump = jump;
    if (Object.keys(patch).length === 0) {
      setError('Nothing changed.');
      return;
    }
    setBusy(true);
    const reply = await typedApi.call('updateBatch', { params: { id: batch.id }, body: patch });
    setBusy(false);
    if (isApiError(reply)) setError(reply.errorMessage ?? reply.error);
    else if (reply.nftId !== batch.nftId) onMoved(reply);
    else onSaved(reply);
  }

  return (
    <details className="batches__disclosure">
      <summary>Edit batch</summary>
      <form
        className="batches__form"
        onSubmit={(e) => void submit(e)}
        aria-label={`Edit batch ${batch.name}`}
      >
        {!isDefault && (
          // the default batch stays with its template (its chips move one by one)
          <label>
            NFT template (its chips show this template)
            <TextInput
              inputMode="numeric"
              value={nftId}
              onChange={(e) => setNftId(e.target.value.replace(/\D/g, ''))}
              required
            />
          </label>
        )}
        <label>
          Name
          <TextInput value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        {!isDefault && (
          <>
            <label>
              URL template (empty: per-chip URLs)
              <TextInput value={template} onChange={(e) => setTemplate(e.target.value)} maxLength={250} />
            </label>
            <div className="batches__pair">
              <label>
                MAC input from
                <select
                  className={inputClassName()}
                  value={from}
                  onChange={(e) => setFrom(e.target.value as MacFrom)}
                >
                  {MAC_FROM.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                File data bytes
                <TextInput
                  inputMode="numeric"
                  value={encLength}
                  onChange={(e) => setEncLength(e.target.value.replace(/\D/g, ''))}
                />
              </label>
            </div>
          </>
        )}
        <label>
          Counter jump flagged above (empty: never)
          <TextInput
            inputMode="numeric"
            value={counterJump}
            onChange={(e) => setCounterJump(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label className="batches__check">
          <input type="checkbox" checked={tagTamper} onChange={(e) => setTagTamper(e.target.checked)} />{' '}
          TagTamper
        </label>
        <Button type="submit" disabled={busy}>
          Save batch
        </Button>
        {error && <p role="alert">{error}</p>}
      </form>
    </details>
  );
}
