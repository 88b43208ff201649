import { Button } from '@metatag/ui';
import { CHUNK_LOAD_ERROR, isChunkLoadError } from '../lib/chunkLoad.js';
import './routeError.css';

/** What a RouteBoundary shows. A script chunk that failed to load shows the spec's 'ChunkLoadError'. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  return (
    <div className="route-error" role="alert">
      <p>{chunk ? CHUNK_LOAD_ERROR : 'Something went wrong.'}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
