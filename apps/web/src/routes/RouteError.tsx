import { useRouteError } from 'react-router';
import { Button } from '@metatag/ui';
import { CHUNK_LOAD_ERROR, isChunkLoadError } from '../lib/chunkLoad.js';

/** Route error boundary. A script chunk that failed to load shows the spec's 'ChunkLoadError'. */
export function RouteError() {
  const error = useRouteError();
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
