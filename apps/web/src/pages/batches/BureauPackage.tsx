import { useState, type FormEvent } from 'react';
import type { BureauPackageReply, ChipBatchReply } from '@metatag/api-types';
import { Button, Card, TextInput } from '@metatag/ui';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { SDM_SETTINGS as SETTINGS } from './sdmLabels.js';
import './bureau-package.css';

const MIN = 12;

/**
 * The batch's personalisation package for a bureau or NXP TagXplorer (issue #27 item 5): the owner
 * types a passphrase, the server seals the URL template, SDM settings and keys (with their AN10922
 * inputs) under it (scrypt, AES-256-GCM; docs/bureau-package.md) and the file downloads. The
 * passphrase stays in this form's state and the one request body; the clear SDM settings of the reply
 * are shown for whoever types them in by hand.
 */
export function BureauPackage({ batch }: { batch: ChipBatchReply }) {
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<BureauPackageReply | null>(null);

  if (batch.scheme === 'default') return null;
  const problem =
    passphrase.length < MIN
      ? `At least ${MIN} characters.`
      : passphrase !== again
        ? 'The two passphrases differ.'
        : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    setError(null);
    const reply = await typedApi.call('batchPackage', { params: { id: batch.id }, body: { passphrase } });
    setBusy(false);
    if (isApiError(reply)) {
      setError(reply.errorMessage ?? reply.error);
      return;
    }
    setPassphrase('');
    setAgain('');
    setFile(reply);
    const url = URL.createObjectURL(new Blob([JSON.stringify(reply, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `batch-${batch.id}-package.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  const sdm = file?.settings.sdm;
  return (
    <Card aria-label="Personalisation package">
      <h2>Personalisation package</h2>
      <p>
        For a bureau or NXP TagXplorer: the URL template, the SDM settings and the batch&apos;s keys with the
        AN10922 inputs another tool derives each chip&apos;s keys from, in one file sealed with your
        passphrase (scrypt, then AES-256-GCM). Give the passphrase to the bureau by another channel; we keep
        nothing of it.
      </p>
      <form className="batches__form" onSubmit={(e) => void submit(e)} aria-label="Package passphrase">
        <label>
          Passphrase
          <TextInput
            type="password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            autoComplete="new-password"
            minLength={MIN}
            maxLength={1024}
          />
        </label>
        <label>
          Passphrase again
          <TextInput
            type="password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            autoComplete="new-password"
          />
        </label>
        {passphrase && problem && <p className="bureau-package__hint">{problem}</p>}
        <Button type="submit" disabled={busy || !!problem}>
          Download package
        </Button>
        {error && <p role="alert">{error}</p>}
      </form>
      {file && (
        <div data-testid="bureau-package">
          <p role="status">
            batch-{batch.id}-package.json downloaded: key version {batch.keyVersion}, scrypt N={file.kdf.N} r=
            {file.kdf.r} p={file.kdf.p}.
          </p>
          {file.settings.url && (
            <p>
              NDEF URL: <code className="batches__url">{String(sdm?.url ?? file.settings.url.template)}</code>
            </p>
          )}
          {sdm && (
            <div className="batches__table-wrap">
              <table className="batches__table bureau-package__settings" aria-label="SDM settings">
                <tbody>
                  {SETTINGS.filter(([key]) => sdm[key] !== null && sdm[key] !== undefined).map(
                    ([key, label]) => (
                      <tr key={key}>
                        <th scope="row">{label}</th>
                        <td>
                          <code className="batches__url">{String(sdm[key])}</code>
                        </td>
                      </tr>
                    ),
                  )}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
