import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { routeUrl, type BatchChipsReply, type ChipBatchReply } from '@metatag/api-types';
import { Button, Card, inputClassName, ProgressBar, TextInput } from '@metatag/ui';
import { EmptyState } from '../../components/EmptyState.js';
import { isApiError } from '../../lib/api.js';
import { RequireUser } from '../../session/RequireUser.js';
import { typedApi } from '../../lib/typedApi.js';
import { parseBatchCsv, repeatedUids } from './batchCsv.js';
import { BatchTemplate } from './BatchTemplate.js';
import { BureauPackage } from './BureauPackage.js';
import { EditBatch } from './EditBatch.js';
import { RotateKeys } from './RotateKeys.js';
import { MAC_FROM, READY_FORMS, type MacFrom } from './urlForms.js';
import './batches.css';

const CHUNK = 500;

interface RowError {
  line: number;
  uid: string;
  error: string;
}

/**
 * Chip batches of a template (issue #26 item 1): create one (key scheme, mode, one URL for its
 * chips), upload a CSV of UIDs (or UIDs with keys) with progress and the file's bad lines, see its
 * chips, export them, rotate its keys. No key is ever shown.
 */
export function BatchesPage() {
  // an owner's page: signed out it asks for a login instead of calling the API (a 401 per visit)
  return (
    <RequireUser>
      <BatchesOfTemplate />
    </RequireUser>
  );
}

function BatchesOfTemplate() {
  const nftId = Number(useParams().nftId);
  const [batches, setBatches] = useState<ChipBatchReply[] | null>(null);
  /** The chip page's URL on the configured public origin (PUBLIC_URL): a new batch's default. */
  const [tapUrl, setTapUrl] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A batch the owner just moved to another template (it left this list). */
  const [moved, setMoved] = useState<ChipBatchReply | null>(null);

  const load = useCallback(async () => {
    const reply = await typedApi.call('listBatches', { query: { nftId } });
    if (isApiError(reply)) setFailure(reply.errorMessage ?? reply.error);
    else {
      setBatches(reply.items);
      setTapUrl(reply.tapUrl);
    }
  }, [nftId]);
  useEffect(() => void load(), [load]);

  const batch = batches?.find((b) => b.id === selected) ?? null;
  return (
    <section className="batches" aria-labelledby="batches-title">
      <h1 id="batches-title" className="page-title">
        Chip batches of NFT {nftId}
      </h1>
      {failure && (
        <p className="mt-error-text" role="alert">
          {failure}
        </p>
      )}
      {moved && (
        <p role="status" data-testid="batch-moved">
          {moved.name} now belongs to NFT {moved.nftId}: its chips show that template.{' '}
          <Link to={`../${moved.nftId}`} relative="path">
            Batches of NFT {moved.nftId}
          </Link>
        </p>
      )}
      <div className="batches__grid">
        {tapUrl !== null && (
          <CreateBatch
            nftId={nftId}
            tapUrl={tapUrl}
            onCreated={(b) => void load().then(() => setSelected(b.id))}
          />
        )}
        <Card>
          <h2>Batches</h2>
          {batches === null ? (
            <p className="muted">Loading…</p>
          ) : batches.length === 0 ? (
            <EmptyState title="No batches yet." testId="batches-empty">
              Create one, then upload a CSV of its chips' UIDs.
            </EmptyState>
          ) : (
            <ul className="batches__list" aria-label="Batches">
              {batches.map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    className={b.id === selected ? 'batches__pick batches__pick--on' : 'batches__pick'}
                    onClick={() => setSelected(b.id)}
                  >
                    <strong>{b.name}</strong> · {b.scheme} · {b.mode.toUpperCase()} · key v{b.keyVersion} ·{' '}
                    {b.chips} chips
                    <br />
                    <code className="batches__url">{b.urlForm?.template ?? 'per-chip URLs /tag/{id}'}</code>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {batch && (
          <BatchDetail
            key={batch.id}
            batch={batch}
            onChange={() => void load()}
            onMoved={(b) => {
              setMoved(b);
              setSelected(null);
              // load shows its own failure on the page
              void load();
            }}
          />
        )}
        {batch && <BureauPackage key={`package-${batch.id}`} batch={batch} />}
      </div>
    </section>
  );
}

function CreateBatch({
  nftId,
  tapUrl,
  onCreated,
}: {
  nftId: number;
  tapUrl: string;
  onCreated: (b: ChipBatchReply) => void;
}) {
  const [name, setName] = useState('');
  const [scheme, setScheme] = useState<'an10922' | 'sdm-backend' | 'imported'>('an10922');
  const [mode, setMode] = useState<'aes' | 'lrp' | 'plain'>('aes');
  const [form, setForm] = useState(Object.keys(READY_FORMS)[0]);
  const [base, setBase] = useState(tapUrl);
  const [masterKey, setMasterKey] = useState('');
  const [tagTamper, setTagTamper] = useState(false);
  // Advanced: the ready form's template as edited (custom names, a path), and its MAC-input start
  const [custom, setCustom] = useState<string | null>(null);
  const [customFrom, setCustomFrom] = useState<MacFrom | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = READY_FORMS[form];
  const template = custom ?? ready.build(base);
  const macInputFrom = customFrom ?? ready.from;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const reply = await typedApi.call('createBatch', {
      body: {
        nftId,
        name,
        scheme,
        // a custom template without {PICC} is plain mirroring, whatever the mode select says
        mode: ready.mode ?? (template.includes('{PICC}') ? mode : 'plain'),
        ...(masterKey ? { masterKey } : {}),
        urlForm: {
          template,
          macInputFrom,
          ...(template.includes('{ENC}') ? { encLength: ready.encLength ?? 16 } : {}),
        },
        tagTamper,
      },
    });
    setBusy(false);
    if (isApiError(reply)) setError(reply.errorMessage ?? reply.error);
    else {
      setName('');
      setMasterKey('');
      onCreated(reply);
    }
  }

  return (
    <Card>
      <h2>New batch</h2>
      <form className="batches__form" onSubmit={(e) => void submit(e)} aria-label="New batch">
        <label>
          Name
          <TextInput value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        <label>
          Keys
          <select
            className={inputClassName()}
            value={scheme}
            onChange={(e) => setScheme(e.target.value as typeof scheme)}
          >
            <option value="an10922">A master key of the batch's own (AN10922)</option>
            <option value="sdm-backend">An sdm-backend fleet's master key</option>
            <option value="imported">Imported per-chip keys</option>
          </select>
        </label>
        {scheme !== 'imported' && (
          <label>
            Master key (hex; empty: a new random one for an10922)
            <TextInput
              value={masterKey}
              onChange={(e) => setMasterKey(e.target.value.trim())}
              autoComplete="off"
            />
          </label>
        )}
        <label>
          Mode
          <select
            className={inputClassName()}
            value={mode}
            onChange={(e) => setMode(e.target.value as typeof mode)}
          >
            <option value="aes">AES</option>
            <option value="lrp">LRP</option>
            <option value="plain">Plain mirroring</option>
          </select>
        </label>
        <label>
          URL form
          <select
            className={inputClassName()}
            value={form}
            onChange={(e) => {
              setForm(e.target.value);
              setCustom(null);
              setCustomFrom(null);
            }}
          >
            {Object.keys(READY_FORMS).map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
        <label>
          URL (before the query)
          <TextInput
            value={base}
            onChange={(e) => {
              setBase(e.target.value.trim());
              setCustom(null);
            }}
          />
        </label>
        <details className="batches__disclosure">
          <summary>Advanced: parameter names, path, MAC input</summary>
          <div className="batches__form">
            <label>
              URL template ({'{PICC}'} {'{ENC}'} {'{TT}'} {'{UID}'} {'{CTR}'} {'{MAC}'}; GS1 /21/{'{SERIAL}'})
              <TextInput
                value={template}
                onChange={(e) => setCustom(e.target.value.trim())}
                maxLength={250}
              />
            </label>
            <label>
              MAC input from (SDMMACInputOffset)
              <select
                className={inputClassName()}
                value={macInputFrom}
                onChange={(e) => setCustomFrom(e.target.value as MacFrom)}
              >
                {MAC_FROM.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </details>
        <label className="batches__check">
          <input type="checkbox" checked={tagTamper} onChange={(e) => setTagTamper(e.target.checked)} />{' '}
          TagTamper
        </label>
        <Button type="submit" disabled={busy || !name}>
          Create batch
        </Button>
        {error && <p role="alert">{error}</p>}
      </form>
    </Card>
  );
}

function BatchDetail({
  batch,
  onChange,
  onMoved,
}: {
  batch: ChipBatchReply;
  onChange: () => void;
  onMoved: (b: ChipBatchReply) => void;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ added: number; errors: RowError[] } | null>(null);
  const [chips, setChips] = useState<BatchChipsReply | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const loadChips = useCallback(async () => {
    const reply = await typedApi.call('batchChips', {
      params: { id: batch.id },
      query: { after: 0, limit: 100 },
    });
    if (!isApiError(reply)) setChips(reply);
  }, [batch.id]);
  useEffect(() => void loadChips(), [loadChips]);

  async function upload(file: File) {
    const rows = parseBatchCsv(await file.text());
    setResult(null);
    setMessage(null);
    if (rows.length === 0) {
      setMessage('The file has no rows.');
      return;
    }
    const errors: RowError[] = [];
    const repeated = repeatedUids(rows);
    let added = 0;
    setProgress({ done: 0, total: rows.length });
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const reply = await typedApi.call('importBatchChips', {
        params: { id: batch.id },
        body: {
          firstRow: i + 1,
          rows: chunk.map(({ uid, metaReadKey, fileReadKey }) => ({ uid, metaReadKey, fileReadKey })),
        },
      });
      if (isApiError(reply)) {
        setMessage(reply.errorMessage ?? reply.error);
        break;
      }
      added += reply.added;
      for (const e of reply.errors) {
        const line = rows[e.row - 1].line;
        const first = repeated.get(line);
        errors.push({
          line,
          uid: e.uid,
          error: first ? `This UID is in the file twice (line ${first})` : e.error,
        });
      }
      setProgress({ done: Math.min(i + CHUNK, rows.length), total: rows.length });
    }
    setResult({ added, errors });
    onChange();
    // loadChips shows its own failure on the page
    void loadChips();
  }

  return (
    <Card className="batches__detail" aria-label={`Batch ${batch.name}`}>
      <h2>{batch.name}</h2>
      {batch.urlForm && (
        <p>
          One URL for every chip: <code className="batches__url">{batch.urlForm.template}</code> (MAC input
          from {batch.urlForm.macInputFrom})
        </p>
      )}
      <BatchTemplate batch={batch} />
      <EditBatch
        batch={batch}
        onSaved={() => {
          setMessage('Batch saved.');
          onChange();
        }}
        onMoved={onMoved}
      />
      <label className="batches__upload">
        {/* one grid item: the label's grid would put each text run and code on a row of its own */}
        <span>
          Upload a CSV of UIDs (a <code>uid</code> column, or one UID per line; imported batches add{' '}
          <code>metaReadKey</code>, <code>fileReadKey</code>)
        </span>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
      </label>
      {progress && (
        <p data-testid="batch-upload-progress">
          <ProgressBar value={progress.done / progress.total} label="Upload progress" /> {progress.done} /{' '}
          {progress.total} rows
        </p>
      )}
      {result && (
        <div data-testid="batch-upload-result">
          <p>
            {result.added} chips added, {result.errors.length} rows refused.
          </p>
          {result.errors.length > 0 && (
            <ul className="batches__errors" aria-label="Refused rows">
              {result.errors.map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.uid || '(empty)'}: {e.error}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {message && <p role="status">{message}</p>}
      <div className="batches__actions">
        <a href={routeUrl('batchChipsCsv', { params: { id: batch.id } })} download>
          Export chips (CSV)
        </a>
        {batch.scheme !== 'default' && (
          <RotateKeys
            batch={batch}
            onRotated={(text) => {
              setMessage(text);
              onChange();
            }}
          />
        )}
      </div>
      {chips && (
        <div className="batches__table-wrap">
          <table className="batches__table" aria-label="Chips of the batch">
            <thead>
              <tr>
                <th>Chip</th>
                <th>UID</th>
                <th>Key</th>
                <th>Counter</th>
                <th>Tamper</th>
              </tr>
            </thead>
            <tbody>
              {chips.items.map((c) => (
                <tr key={c.id}>
                  <td>
                    <a href={`/tag/${c.id}`}>{c.id}</a>
                  </td>
                  <td>{c.uid}</td>
                  <td>
                    v{c.keyVersion}
                    {c.pendingVersion ? ' (next pending)' : ''}
                  </td>
                  <td>{c.lastCounter < 0 ? '—' : c.lastCounter}</td>
                  <td>{c.tamper ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {chips.next !== null && <p>First 100 chips shown: export for all.</p>}
        </div>
      )}
    </Card>
  );
}
