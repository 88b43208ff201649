import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api.js';
import { checkTag } from '../chip/chipCheck.js';
import { AUTHENTICATED, CHECKING, NOT_AUTHENTIC } from '../chip/chipTexts.js';
import { recognisedOrigins } from '../../lib/publicOrigins.js';
import { ourUrl, type OurUrl } from './ourUrl.js';

type Verdict =
  | { state: 'checking' }
  | { state: 'ok'; chain: string | null; nftId: number | null }
  | { state: 'failed' }
  | { state: 'link' }
  | { state: 'foreign' };

function ChipVerdict({ url }: { url: Extract<OurUrl, { type: 'chip' }> }) {
  const [verdict, setVerdict] = useState<Verdict>({ state: url.tap ? 'checking' : 'failed' });
  // One check per reading (this component is keyed by the reading): a tag that gives the same SUN
  // message twice is a copy, so a second reading is checked again and is 'Not Authentic'. The ref
  // keeps React's development double effect from checking twice.
  const request = useRef<ReturnType<typeof checkTag> | null>(null);
  useEffect(() => {
    if (!url.tap) return;
    let cancelled = false;
    request.current ??= checkTag(url.id, url.tap);
    // the check answers failures as values; `cancelled` drops a reply after unmount
    void request.current.then((reply) => {
      if (cancelled) return;
      setVerdict(
        !isApiError(reply) && reply.ok === true
          ? { state: 'ok', chain: reply.chain, nftId: reply.nftId }
          : { state: 'failed' },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [url.id, url.tap]);
  return (
    <div className={`tag-verdict tag-verdict--${verdict.state}`} data-testid="tag-verdict">
      <strong data-testid="tag-verdict-text">
        {verdict.state === 'checking' ? CHECKING : verdict.state === 'ok' ? AUTHENTICATED : NOT_AUTHENTIC}
      </strong>
      <span data-testid="tag-verdict-chip">
        Chip <a href={`/tag/${url.id}`}>{url.id}</a>
        {verdict.state === 'ok' &&
          verdict.nftId !== null &&
          ` · NFT template #${verdict.nftId} on ${verdict.chain}`}
      </span>
      {!url.tap && <span>The URL carries no tap message: a genuine chip writes a new one on every tap.</span>}
    </div>
  );
}

/** What a URL read from a tag (or pasted) is: our chip (checked), our link, or not ours. */
export function TagVerdict({ text }: { text: string }) {
  const url = ourUrl(text, recognisedOrigins());
  if (!url)
    return (
      <div className="tag-verdict tag-verdict--foreign" data-testid="tag-verdict">
        <strong data-testid="tag-verdict-text">Not a MetaTag URL</strong>
      </div>
    );
  if (url.type === 'link')
    return (
      <div className="tag-verdict tag-verdict--link" data-testid="tag-verdict">
        <strong data-testid="tag-verdict-text">MetaTag link</strong>
        <span>
          Link <a href={`/link/${url.id}`}>{url.id}</a> (links need no authentication)
        </span>
      </div>
    );
  return <ChipVerdict key={`${url.id}?${url.tap ?? ''}`} url={url} />;
}
