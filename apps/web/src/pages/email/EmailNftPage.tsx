import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { routeUrl } from '@metatag/api-types';
import { unwrap } from '../../lib/api.js';
import { formatDate } from '../../lib/format.js';
import { RequireUser } from '../../session/RequireUser.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { typedApi } from '../../lib/typedApi.js';
import './emailNft.css';

/**
 * `/email-nft` (spec section 2: "Sample email preview"): the shop buyer's NFT email rendered by the
 * server with one of the owner's templates (`?nftId=`), or a sample; its HTML in a sandboxed frame
 * and its plain-text part. The super admin also sees the emails kept on disk when no SMTP is set.
 */
export function EmailNftPage() {
  return (
    <RequireUser>
      <EmailNft />
    </RequireUser>
  );
}

function EmailNft() {
  const [params, setParams] = useSearchParams();
  const nftId = /^[1-9]\d{0,9}$/.test(params.get('nftId') ?? '') ? params.get('nftId')! : '';
  const [draft, setDraft] = useState(nftId);
  const { data: me } = useCurrentUser();
  const preview = useQuery({
    queryKey: ['email-nft', nftId],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('emailNftPreview', { query: { nftId: nftId || undefined } }, { signal })),
    meta: { persist: false, userScoped: true },
  });
  return (
    <section className="email-nft">
      <h1>NFT email preview</h1>
      <form
        className="email-nft__form"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(/^[1-9]\d{0,9}$/.test(draft) ? { nftId: draft } : {});
        }}
      >
        <label>
          NFT id{' '}
          <input
            value={draft}
            inputMode="numeric"
            placeholder="sample"
            onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <button type="submit">Preview</button>
      </form>
      {preview.isError ? (
        <p className="mt-error-text" role="alert">
          {preview.error.message}
        </p>
      ) : null}
      {preview.data ? (
        <>
          <p>
            <span className="muted">Subject: </span>
            <b data-testid="email-subject">{preview.data.subject}</b>
            <span className="muted">
              {' '}
              · sent {preview.data.transport === 'smtp' ? 'over SMTP' : 'to files (no SMTP_URL)'}
            </span>
          </p>
          <iframe
            className="email-nft__frame"
            title="Email preview"
            data-testid="email-html"
            sandbox=""
            srcDoc={preview.data.html}
          />
          <details>
            <summary>Plain-text part</summary>
            <pre className="email-nft__text" data-testid="email-text">
              {preview.data.text}
            </pre>
          </details>
        </>
      ) : null}
      {me?.isSuperAdmin ? <KeptMails /> : null}
    </section>
  );
}

function KeptMails() {
  const mails = useQuery({
    queryKey: ['kept-mail'],
    queryFn: async ({ signal }) => unwrap(await typedApi.call('keptMail', {}, { signal })),
    meta: { persist: false, userScoped: true },
  });
  if (!mails.data) return null;
  return (
    <section className="email-nft__kept" data-testid="kept-mails">
      <h2>Kept emails</h2>
      {mails.data.transport === 'smtp' ? (
        <p className="muted">Emails go out over SMTP; none are kept here.</p>
      ) : mails.data.items.length === 0 ? (
        <p className="muted">No data yet</p>
      ) : (
        <ul>
          {mails.data.items.map((m) => (
            <li key={m.name}>
              <a href={routeUrl('keptMailMessage', { params: { name: m.name } })} download={m.name}>
                {m.name}
              </a>{' '}
              <span className="muted">
                {formatDate(m.at)} · {Math.ceil(m.size / 1024)} KB
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
