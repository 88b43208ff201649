import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/chunkLoad.js';

interface LazyHandle {
  preload: () => Promise<unknown>;
}

const hasPreload = (handle: unknown): handle is LazyHandle =>
  typeof (handle as LazyHandle | undefined)?.preload === 'function';

/**
 * What React's lazy needs of a resolved promise, answering at once rather than in a microtask:
 * React then marks the lazy component loaded before it renders (react's lazyInitializer).
 */
const settled = <T,>(value: T) => ({
  then(resolve: (value: T) => unknown) {
    resolve(value);
  },
});

/**
 * A route whose page is its own script chunk, loaded through `loadChunk` (its timeout and
 * ChunkLoadError): `{ path, ...lazyRoute(() => import('…'), (m) => m.Page) }`. A failed load reaches
 * the nearest RouteBoundary. Navigations run in a React transition (BrowserRouter's default), so the
 * previous page stays on screen while a chunk loads.
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= loadChunk(load).then((module) => (loaded = { default: pick(module) })));
  // Already preloaded: a thenable that answers at once (React's lazy reads it synchronously), so the
  // page renders without suspending.
  const Page = lazy(() =>
    loaded ? (settled(loaded) as unknown as Promise<{ default: ComponentType }>) : preload(),
  ) as ComponentType;
  return {
    element: (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    ),
    handle: { preload } satisfies LazyHandle,
  };
}

/**
 * Loads the chunks of the pages matching `pathname` before the first render, as the data router
 * did: a page that suspends on the first render is revealed late (React throttles Suspense reveals
 * by up to 300 ms), and the public chip page's first paint waits for it. Failures are left to the
 * route's boundary, which meets them again when the page renders.
 */
export async function preloadRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) =>
      hasPreload(route.handle) ? route.handle.preload().catch(() => undefined) : null,
    ),
  );
}
