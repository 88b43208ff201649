import { Suspense, lazy, useEffect, useState } from 'react';
import { loadChunk } from '../../lib/chunkLoad.js';
import { GLB_TYPE, mediaKind, mediaUrl } from '../../lib/media.js';
import type { ChiplinkLookupReply } from './chipApi.js';
import { VIDEO_OVERLAY_MS } from './chipTexts.js';

const LazyModelViewer = lazy(() =>
  loadChunk(() => import('./ModelViewer.js')).then((module) => ({ default: module.ModelViewer })),
);

/** Suspends for good: the server leaves the 3D viewer (a browser-only custom element) to the browser. */
function OnlyInTheBrowser(): never {
  throw new Promise<never>(() => undefined);
}

/** A video plays muted in a loop; an overlay covers it for its first 2 seconds (spec sections 2 and 9). */
function ChipVideo({ src }: { src: string }) {
  const [overlay, setOverlay] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOverlay(false), VIDEO_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="chip-media__video">
      <video src={src} autoPlay muted loop playsInline controls={!overlay} />
      {overlay && <div className="chip-media__overlay" data-testid="video-overlay" aria-hidden="true" />}
    </div>
  );
}

/** The NFT's media: video, 3D (glb, labelled '3d/glb') or image. */
export function ChipMedia({ nft }: { nft: ChiplinkLookupReply['nft'] }) {
  const kind = mediaKind(nft);
  const src = mediaUrl(nft);
  const alt = nft.title || `NFT ${nft.id}`;
  switch (kind) {
    case 'none':
      return null;
    case 'video':
      return <ChipVideo src={src} />;
    case 'glb':
      return (
        <figure className="chip-media__3d">
          <Suspense fallback={<div className="chip-media__model" />}>
            {typeof window === 'undefined' ? <OnlyInTheBrowser /> : <LazyModelViewer src={src} alt={alt} />}
          </Suspense>
          <figcaption className="chip-media__label">{GLB_TYPE}</figcaption>
        </figure>
      );
    case 'other':
      return (
        <a className="chip-media__label" href={src} target="_blank" rel="noreferrer">
          {nft.mimeType}
        </a>
      );
    default:
      return <img className="chip-media__image" src={src} alt={alt} />;
  }
}
