import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ProgressBar } from '@metatag/ui';
import type { ChainName } from '../../lib/chains.js';
import { formatBytes } from '../../lib/format.js';
import { FILE_TOO_BIG } from '../../lib/texts.js';
import { isMediaTooBig } from '../../lib/validation.js';
import { errorDetail } from '../../session/loginOutcome.js';
import {
  GLB_TYPE,
  mediaKind,
  mediaUrl,
  replaceTemplate,
  UploadCancelledError,
  uploadNftMedia,
  type NftTemplate,
  type UploadProgress,
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
 * The media cell: the preview and an upload (`PUT` multipart `image` + `type`) with a progress bar,
 * the bytes sent and a Cancel (the request is aborted; the server keeps nothing of it). Files over
 * 100,000,000 bytes are refused here with 'File size is to big' (the server refuses too).
 */
export function NftMedia({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<(() => void) | null>(null);
  // leaving the page cancels an upload under way
  useEffect(() => () => abort.current?.(), []);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be chosen again after a failure.
    input.value = '';
    if (!file) return;
    setError(null);
    setNotice(null);
    if (isMediaTooBig(file.size)) {
      setError(FILE_TOO_BIG);
      window.alert(FILE_TOO_BIG);
      return;
    }
    setProgress({ loaded: 0, total: file.size });
    const upload = uploadNftMedia({ chain, id: item.id, file, onProgress: setProgress });
    abort.current = upload.abort;
    try {
      replaceTemplate(queryClient, chain, await upload.done);
    } catch (reason) {
      if (reason instanceof UploadCancelledError) {
        setNotice('Upload cancelled: nothing was kept.');
        return;
      }
      const message = errorDetail(reason) ?? 'server error';
      setError(message);
      window.alert(message);
    } finally {
      abort.current = null;
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
      {progress !== null && (
        <div className="nft-media__progress" data-testid={`upload-progress-${item.id}`}>
          <ProgressBar
            value={progress.total > 0 ? progress.loaded / progress.total : 0}
            label={`Upload of NFT ${item.id}`}
          />
          <span className="nft-media__bytes">
            {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
          </span>
          <Button
            variant="ghost"
            onClick={() => abort.current?.()}
            aria-label={`Cancel the upload of NFT ${item.id}`}
          >
            Cancel
          </Button>
        </div>
      )}
      {notice && (
        <span className="muted nft-media__notice" role="status">
          {notice}
        </span>
      )}
      {error && (
        <span className="mt-error-text" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
