import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Page, TextInput } from '@metatag/ui';
import { describeRecord, ndefReaderClass, type NdefReaderLike, type ShownRecord } from './ndef.js';
import { canonicalOrigin, recognisedOrigins } from '../../lib/publicOrigins.js';
import { ourUrl } from './ourUrl.js';
import { TagVerdict } from './TagVerdict.js';
import {
  ERROR_READING,
  ERROR_SCANNING,
  ERROR_WRITING,
  HOLD_BLANK_TAG,
  HOLD_TAG,
  NO_WEB_NFC,
  ONLY_LINKS,
  WRITTEN,
} from './tagCheckerTexts.js';
import './tagChecker.css';

interface Reading {
  serialNumber: string;
  records: ShownRecord[];
  /** A counter: the same tag read twice is a new reading (and a new check). */
  n: number;
}

function RecordRow({ record }: { record: ShownRecord }) {
  return (
    <li className="tag-record" data-testid="tag-record" data-kind={record.kind}>
      <span className="tag-record__kind">{record.kind.toUpperCase()}</span>
      {record.recordType !== record.kind && <span className="tag-record__type">{record.recordType}</span>}
      {record.value && (
        <span className="tag-record__value" data-testid="tag-record-value">
          {record.value}
        </span>
      )}
      {record.hex && (
        <code className="tag-record__hex">
          {record.size} bytes: {record.hex}
        </code>
      )}
      {record.kind === 'url' && <TagVerdict text={record.value} />}
    </li>
  );
}

/** Reading: a scan that stays on until the page is left; each tag shown with its records. */
function useNfc() {
  const Reader = ndefReaderClass();
  const reader = useRef<NdefReaderLike | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [reading, setReading] = useState<Reading | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const ensureReader = () => {
    if (!reader.current && Reader) {
      const created = new Reader();
      created.onreading = (event) => {
        setError('');
        setReading((previous) => ({
          serialNumber: event.serialNumber ?? '',
          records: event.message.records.map(describeRecord),
          n: (previous?.n ?? 0) + 1,
        }));
      };
      created.onreadingerror = () => setError(ERROR_READING);
      reader.current = created;
    }
    return reader.current;
  };

  const scan = async () => {
    const current = ensureReader();
    if (!current) return;
    setError('');
    abort.current?.abort();
    abort.current = new AbortController();
    setStatus(HOLD_TAG);
    try {
      await current.scan({ signal: abort.current.signal });
    } catch {
      setStatus('');
      setError(ERROR_SCANNING);
    }
  };

  const write = async (url: string) => {
    const current = ensureReader();
    if (!current) return;
    setError('');
    setStatus(HOLD_BLANK_TAG);
    try {
      await current.write({ records: [{ recordType: 'url', data: url }] }, { overwrite: false });
      setStatus(WRITTEN);
    } catch {
      setStatus('');
      setError(ERROR_WRITING);
    }
  };

  return { supported: Reader !== null, status, error, reading, scan, write };
}

function WriteLinkForm({ write }: { write: (url: string) => Promise<void> }) {
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ourUrl(url, recognisedOrigins());
    setInvalid(parsed?.type !== 'link');
    // write shows its outcome (or failure) on the page
    if (parsed?.type === 'link') void write(url.trim());
  };
  return (
    <form className="tag-checker__form" onSubmit={submit} aria-label="Write a link to a tag">
      <h2 className="tag-checker__subtitle">Write a link to a blank tag</h2>
      <TextInput
        aria-label="Link URL"
        placeholder={`${canonicalOrigin()}/link/…`}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <Button type="submit">Write to tag</Button>
      {invalid && <p role="alert">{ONLY_LINKS}</p>}
    </form>
  );
}

function PasteUrlForm() {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ url: string; n: number } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setChecked((previous) => ({ url: text.trim(), n: (previous?.n ?? 0) + 1 }));
  };
  return (
    <form className="tag-checker__form" onSubmit={submit} aria-label="Check a URL">
      <h2 className="tag-checker__subtitle">Check a URL</h2>
      <TextInput
        aria-label="Tag URL"
        placeholder="https://…/tag/…"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit">Check</Button>
      {checked && <TagVerdict key={checked.n} text={checked.url} />}
    </form>
  );
}

/**
 * The tag checker (spec section 2, `/:tag-checker`): Web NFC reads a tag's NDEF records and shows each
 * one; a URL of ours is checked as the chip page checks it. Owners can write a link's URL to a blank
 * sticker. Without Web NFC (anything but Chrome on Android) the page says so and checks a pasted URL.
 */
export function TagCheckerPage() {
  const nfc = useNfc();
  return (
    <Page className="tag-checker" aria-labelledby="tag-checker-title">
      <h1 id="tag-checker-title" className="page-title">
        Tag checker
      </h1>
      {nfc.supported ? (
        <div className="tag-checker__scan">
          <Button onClick={() => void nfc.scan()}>Scan a tag</Button>
          {nfc.status && (
            <p className="tag-checker__status" data-testid="tag-status">
              {nfc.status}
            </p>
          )}
        </div>
      ) : (
        <p className="tag-checker__unsupported" data-testid="no-web-nfc">
          {NO_WEB_NFC}
        </p>
      )}
      {nfc.error && (
        <p className="tag-checker__error" role="alert" data-testid="tag-error">
          {nfc.error}
        </p>
      )}
      {nfc.reading && (
        <section className="tag-checker__reading" aria-label="Tag records" key={nfc.reading.n}>
          {nfc.reading.serialNumber && (
            <p className="tag-checker__serial">
              Serial number <code>{nfc.reading.serialNumber}</code>
            </p>
          )}
          {nfc.reading.records.length === 0 ? (
            <p>The tag holds no records.</p>
          ) : (
            <ol className="tag-checker__records">
              {nfc.reading.records.map((record, index) => (
                <RecordRow key={index} record={record} />
              ))}
            </ol>
          )}
        </section>
      )}
      <PasteUrlForm />
      {nfc.supported && <WriteLinkForm write={nfc.write} />}
    </Page>
  );
}
