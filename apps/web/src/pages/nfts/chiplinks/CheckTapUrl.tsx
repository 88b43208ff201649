import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CheckTapUrlReply } from '@metatag/api-types';
import { Button, TextInput } from '@metatag/ui';
import { unwrap } from '../../../lib/api.js';
import { errorDetail } from '../../../session/loginOutcome.js';
import { typedApi } from '../../../lib/typedApi.js';
import { fileDataText } from '../../../lib/tapReadings.js';
import { TapFlags } from './TapReadings.js';

const MODES: Record<string, string> = { aes: 'AES', lrp: 'LRP', plain: 'plain mirroring' };

/** `POST /json/check-tap-url`: a tap URL of one of the admin's chips, read without being consumed. */
function useCheckTapUrl() {
  return useMutation({
    mutationFn: async (url: string) => unwrap(await typedApi.call('checkTapUrl', { body: { url } })),
  });
}

/**
 * The chip doctor of the chips table: paste the URL a chip opened (a real tap, or one from a phone's
 * history) and see what it carries (UID, counter, mode, file data), whether its MAC holds with the
 * chip's keys, and whether a visitor opening it now would be authenticated. Nothing is consumed.
 */
export function CheckTapUrl({ nftId }: { nftId: number }) {
  const [url, setUrl] = useState('');
  const check = useCheckTapUrl();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() !== '') check.mutate(url.trim());
  };
  const result = check.data;
  return (
    <div className="tap-check">
      <form
        className="chiplinks__form"
        noValidate
        onSubmit={submit}
        aria-label={`Check a tap URL of NFT ${nftId}`}
      >
        <TextInput
          aria-label={`Tap URL for NFT ${nftId}`}
          placeholder="Paste a tap URL (…/tag/{id}?… or a batch URL)"
          value={url}
          spellCheck={false}
          autoComplete="off"
          maxLength={2048}
          onChange={(event) => {
            setUrl(event.target.value);
            check.reset();
          }}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={check.isPending}
          aria-busy={check.isPending || undefined}
        >
          Check a tap URL
        </Button>
      </form>
      {check.isError && (
        <p className="mt-error-text" role="alert">
          {errorDetail(check.error) ?? check.error.message}
        </p>
      )}
      {result && <TapUrlResult result={result} />}
    </div>
  );
}

/** The checker's one-line verdict: which part fails, in the server's words (issue #26 item 7). */
function verdictOf(result: CheckTapUrlReply): { text: string; tone: 'good' | 'warn' | 'bad' } {
  if (result.counterAccepted)
    return { text: 'Genuine, and a visitor opening it now would be authenticated', tone: 'good' };
  if (result.macValid)
    return {
      text:
        result.fault === 'inactive' || result.chip?.deleted
          ? 'Genuine, but the chip is deleted'
          : `Genuine, but already used: counter ${result.counter} is not above ${result.lastCounter}`,
      tone: 'warn',
    };
  return {
    text: `Not Authentic: ${result.problem ?? 'the MAC does not hold with this chip’s keys'}`,
    tone: 'bad',
  };
}

function TapUrlResult({ result }: { result: CheckTapUrlReply }) {
  const verdict = verdictOf(result);
  const text = fileDataText(result.fileData);
  return (
    <section className="tap-check__result" aria-label="Tap URL check" data-testid="tap-check-result">
      <p
        className={`tap-check__verdict tap-check__verdict--${verdict.tone}`}
        role="status"
        data-fault={result.fault ?? ''}
      >
        {verdict.text}
      </p>
      <dl className="tap-check__facts">
        {result.batch && (
          <>
            <dt>Batch</dt>
            <dd data-testid="tap-check-batch">
              {result.batch.name} ({MODES[result.batch.mode] ?? 'any mode'})
            </dd>
          </>
        )}
        <dt>Chip</dt>
        <dd className="chiplinks__code">
          {result.chip ? `${result.chip.id} (${result.chip.scheme} keys)` : 'none of the batch'}
        </dd>
        <dt>UID</dt>
        <dd className="chiplinks__code" data-testid="tap-check-uid">
          {result.uid ?? '—'}
        </dd>
        <dt>Counter</dt>
        <dd data-testid="tap-check-counter">{result.counter ?? '—'}</dd>
        <dt>Mode</dt>
        <dd>
          {MODES[result.mode] ?? result.mode} ({result.layout} layout)
        </dd>
        <dt>File data</dt>
        <dd className="tap-check__data" data-testid="tap-check-file-data">
          {result.fileData ?? 'none'}
        </dd>
        {text?.kind === 'text' && (
          <>
            <dt>File data as text</dt>
            <dd className="tap-check__data" data-testid="tap-check-file-text">
              {text.value}
            </dd>
          </>
        )}
        {result.tamper && (
          <>
            <dt>Seal</dt>
            <dd data-testid="tap-check-seal">
              <TapFlags tamper={result.tamper} counterJumps={0} /> ({result.tamper})
            </dd>
          </>
        )}
        <dt>MAC</dt>
        <dd data-testid="tap-check-mac">{result.macValid ? 'valid' : 'not valid'}</dd>
        <dt>Accepted now</dt>
        <dd data-testid="tap-check-accepted">
          {result.counterAccepted ? 'yes' : 'no'} (last accepted counter: {result.lastCounter})
        </dd>
      </dl>
    </section>
  );
}
