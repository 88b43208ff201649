import { useId, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ProgressBar } from '@metatag/ui';
import type { ChainName } from '../../lib/chains.js';
import { FILE_TOO_BIG } from '../../lib/texts.js';
import { isMediaTooBig } from '../../lib/validation.js';
import { errorDetail } from '../../session/loginOutcome.js';
import {
  GLB_TYPE,
  mediaKind,
  mediaUrl,
  replaceTemplate,
  uploadNftMedia,
  type NftTemplate,
} from './nftsApi.js';

/** The template's media as stored: image, video, or the '3d/glb' label (spec section 2). */
export function NftMediaPreview({ item }: { item: NftTemplate }) {
  const kind = mediaKind(item);
  const src = mediaUrl(item);
  switch (kind) {
    case 'none':
      return <span className="nft-media__empty muted">No media</span>;
    case 'video':
      return <video className="nft-media__preview" src={src} muted loop playsInline controls />;
    case 'glb':
      return (
        <a className="nft-media__label" href={src} target="_blank" rel="noreferrer">
          {GLB_TYPE}
        </a>
      );
    case 'other':
      return (
        <a className="nft-media__label" href={src} target="_blank" rel="noreferrer">
          {item.mimeType}
        </a>
      );
    default:
      return <img className="nft-media__preview" src={src} alt={item.title || `NFT ${item.id}`} />;
  }
}

/**
 * The media cell: the preview and an upload (`PUT` multipart `image` + `type`) with a progress bar.
 * Files over 100,000,000 bytes are refused here with 'File size is to big' (the server refuses too).
 */
export function NftMedia({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be chosen again after a failure.
    input.value = '';
    if (!file) return;
    setError(null);
    if (isMediaTooBig(file.size)) {
      setError(FILE_TOO_BIG);
      window.alert(FILE_TOO_BIG);
      return;
    }
    setProgress(0);
    try {
      const updated = await uploadNftMedia({ chain, id: item.id, file, onProgress: setProgress });
      replaceTemplate(queryClient, chain, updated);
    } catch (reason) {
      const message = errorDetail(reason) ?? 'server error';
      setError(message);
      window.alert(message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="nft-media" data-testid={`nft-media-${item.id}`}>
      <NftMediaPreview item={item} />
      <label className="nft-media__upload" htmlFor={inputId}>
        {item.image ? 'Replace media' : 'Upload media'}
      </label>
      <input
        id={inputId}
        className="nft-media__input"
        type="file"
        accept="image/*,video/*,.glb,model/gltf-binary"
        aria-label={`Media of NFT ${item.id}`}
        disabled={progress !== null}
        onChange={(event) => void upload(event)}
      />
      {progress !== null && <ProgressBar value={progress} label={`Upload of NFT ${item.id}`} />}
      {error && (
        <span className="mt-error-text" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
