import { lazy, Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { loadChunk } from '../lib/chunkLoad.js';
import { RouteBoundary } from './RouteBoundary.js';
import { looksLikeTap } from './unknownTap.js';

/** The batch tap page, its own chunk (as on /tag?…): only a tap loads it. */
const BatchTapPage = lazy(() =>
  loadChunk(() => import('../pages/chip/BatchTapPage.js')).then((m) => ({ default: m.BatchTapPage })),
);

/**
 * A batch's URL template may name any path (`https://brand.example/ln?p={PICC}&c={MAC}`, NXP's
 * `/ntag424?e=…&c=…`, a custom path), and a fleet already written that way cannot be rewritten. The
 * app has no page of its own for such a path, so before its 404 the server is asked (the batch tap's
 * own call, with the whole path and query): a batch that has this URL gets the batch tap page outside
 * the admin layout, as `/tag?…` does; no batch, or no SUN-looking data in the URL, gets the 404 in
 * the normal layout (the children). `isUnknown` says whether the route table answers the path with
 * its 404.
 */
export function UnknownPathGate({ isUnknown }: { isUnknown: (pathname: string) => boolean }) {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [noBatch, setNoBatch] = useState<string | null>(null);
  const onNoBatch = useCallback(() => setNoBatch(here), [here]);
  if (noBatch === here || !looksLikeTap(pathname, search) || !isUnknown(pathname)) return <Outlet />;
  return (
    <RouteBoundary>
      <Suspense fallback={null}>
        <BatchTapPage key={here} onNoBatch={onNoBatch} />
      </Suspense>
    </RouteBoundary>
  );
}
