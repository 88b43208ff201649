import { useMemo, useState, type FormEvent } from 'react';
import { Button, TextInput } from '@metatag/ui';
import { nfcNftFieldRules } from '@metatag/api-types';
import { COLLECTION_FUNCTIONS, describeCall, encodeCall, signatureOf } from './callEncoder.js';
import { useNfcNfts, useSetPending } from './nfcNftApi.js';

/** Spec section 2: the page notes that the transaction completes after a tag scan. */
export const COMPLETES_AFTER_SCAN = 'The transaction completes after a tag scan.';

const ok = (field: 'pendingTransactionData' | 'pendingTransactionValue' | 'redirectUrl', v: string) =>
  nfcNftFieldRules[field].safeParse(v).success;

/**
 * Tab 'Create pending transaction': nftId, data (ABI-encoded operation), value (wei), redirectUrl.
 * Beyond the spec, `data` can be built from a function of the collection ABI and its arguments, and
 * pasted data is read back with that ABI.
 */
export function CreatePendingForm() {
  const records = useNfcNfts();
  const setPending = useSetPending();
  const [nftId, setNftId] = useState('');
  const [data, setData] = useState('');
  const [value, setValue] = useState('0');
  const [redirectUrl, setRedirectUrl] = useState('');
  const [done, setDone] = useState(false);

  const dataOk = data !== '' && ok('pendingTransactionData', data);
  const valueOk = ok('pendingTransactionValue', value);
  const redirectOk = ok('redirectUrl', redirectUrl);
  const valid = nftId.trim() !== '' && dataOk && valueOk && redirectOk;
  const preview = useMemo(() => (data === '' ? undefined : describeCall(data.trim())), [data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || setPending.isPending) return;
    setDone(false);
    try {
      await setPending.mutateAsync({
        nftId: nftId.trim(),
        pendingTransactionData: data.trim(),
        pendingTransactionValue: value.trim(),
        redirectUrl: redirectUrl.trim(),
      });
      setDone(true);
    } catch {
      // shown below
    }
  };

  return (
    <form className="pending-form" aria-label="Create pending transaction" onSubmit={(e) => void submit(e)}>
      <p className="notice">{COMPLETES_AFTER_SCAN}</p>
      <p className="hint">
        The call is made by the chain&apos;s TagRelayer contract (the item&apos;s relayer), not by your
        wallet: a function your collection allows only its owner or minter (setConnectToTag, lock) runs once
        the TagRelayer is the collection&apos;s minter.
      </p>
      <label className="field">
        <span className="field__label">nftId</span>
        <TextInput
          name="nftId"
          list="nfc-nft-ids"
          value={nftId}
          autoComplete="off"
          spellCheck={false}
          placeholder="the item's nftId (or its chip id)"
          onChange={(e) => setNftId(e.target.value)}
        />
        <datalist id="nfc-nft-ids">
          {records.data
            ?.filter((r) => r.nftId !== '')
            .map((r) => (
              <option key={r.id} value={r.nftId}>
                {`#${r.id} chip ${r.nfcId}`}
              </option>
            ))}
        </datalist>
      </label>
      <CallBuilder nftId={nftId.trim()} onData={setData} />
      <label className="field">
        <span className="field__label">data (ABI-encoded operation)</span>
        <textarea
          name="data"
          className={`mt-input pending-form__data${data !== '' && !dataOk ? ' mt-input--invalid' : ''}`}
          value={data}
          rows={3}
          spellCheck={false}
          placeholder="0x…"
          onChange={(e) => setData(e.target.value)}
        />
      </label>
      {preview && (
        <p
          className={preview.ok ? 'pending-form__preview mono' : 'pending-form__preview mt-error-text'}
          data-testid="decoded-call"
        >
          {preview.ok ? `Decoded: ${preview.text}` : preview.error}
        </p>
      )}
      <label className="field">
        <span className="field__label">value (wei)</span>
        <TextInput
          name="value"
          inputMode="numeric"
          value={value}
          invalid={!valueOk}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">redirectUrl</span>
        <TextInput
          name="redirectUrl"
          value={redirectUrl}
          invalid={!redirectOk}
          placeholder="https://…"
          autoComplete="off"
          onChange={(e) => setRedirectUrl(e.target.value)}
        />
      </label>
      <Button type="submit" disabled={!valid || setPending.isPending}>
        Create pending transaction
      </Button>
      {setPending.isError && (
        <p className="mt-error-text" role="alert">
          {setPending.error.message}
        </p>
      )}
      {done && (
        <p className="notice" role="status">
          Pending transaction saved for {nftId.trim()}.
        </p>
      )}
    </form>
  );
}

/** Builds `data` from a collection function and its arguments (viem encodeFunctionData). */
function CallBuilder({ nftId, onData }: { nftId: string; onData: (data: string) => void }) {
  const [signature, setSignature] = useState('');
  const [args, setArgs] = useState<string[]>([]);
  const fn = COLLECTION_FUNCTIONS.find((f) => signatureOf(f) === signature);
  const encoded = fn ? encodeCall(fn, args) : undefined;
  return (
    <fieldset className="call-builder">
      <legend>Build data from the collection ABI</legend>
      <label className="field">
        <span className="field__label">Function</span>
        <select
          name="function"
          className="mt-input"
          value={signature}
          onChange={(e) => {
            const next = COLLECTION_FUNCTIONS.find((f) => signatureOf(f) === e.target.value);
            setSignature(e.target.value);
            // a token id argument starts as the item's nftId
            setArgs(
              next?.inputs.map((p) => (/token/i.test(p.name ?? '') && /^\d+$/.test(nftId) ? nftId : '')) ??
                [],
            );
          }}
        >
          <option value="">Choose a function…</option>
          {COLLECTION_FUNCTIONS.map((f) => (
            <option key={signatureOf(f)} value={signatureOf(f)}>
              {signatureOf(f)}
            </option>
          ))}
        </select>
      </label>
      {fn?.inputs.map((param, i) => (
        <label key={`${signature}-${i}`} className="field">
          <span className="field__label">
            {param.name || `arg${i}`} ({param.type})
          </span>
          <TextInput
            name={`arg-${param.name || i}`}
            value={args[i] ?? ''}
            spellCheck={false}
            autoComplete="off"
            placeholder={param.type === 'bool' ? 'true or false' : param.type}
            onChange={(e) => setArgs((old) => Object.assign([...old], { [i]: e.target.value }))}
          />
        </label>
      ))}
      {fn && encoded && !encoded.ok && <p className="mt-error-text">{encoded.error}</p>}
      {fn && (
        <Button
          variant="secondary"
          disabled={!encoded?.ok}
          onClick={() => encoded?.ok && onData(encoded.data)}
        >
          Use as data
        </Button>
      )}
    </fieldset>
  );
}
