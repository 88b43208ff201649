/**
 * Script chunks (spec sections 8 and 9): a chunk that has not loaded after 120000 ms fails with a
 * 'ChunkLoadError'. Vite loads chunks with native dynamic import(), which has no timeout of its
 * own, so lazily loaded modules go through `loadChunk`.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const CHUNK_LOAD_ERROR = 'ChunkLoadError';

export class ChunkLoadError extends Error {
  constructor(message = 'Loading chunk failed', options?: ErrorOptions) {
    super(message, options);
    this.name = CHUNK_LOAD_ERROR;
  }
}

/** Runs a dynamic import; rejects with a ChunkLoadError when it fails or takes longer than the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        // Vite's preload helper resolves to undefined when a vite:preloadError handler cancelled the
        // failure (we do, to reload); the module is missing all the same.
        if (module == null) reject(new ChunkLoadError());
        else resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed', {
            cause: error,
          }),
        );
      },
    );
  });
}

/** Browsers word a failed dynamic import differently; Vite reports failed preloads its own way. */
const FAILED_IMPORT =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === CHUNK_LOAD_ERROR || FAILED_IMPORT.test(error.message);
}

/** Reload at most once per window, so a deploy that removed old chunks heals without a reload loop. */
export const RELOAD_GUARD_MS = 10_000;

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt > RELOAD_GUARD_MS;
}

const RELOAD_KEY = 'metatag:chunk-reload-at';

function readLastReload(storage: Storage | undefined): number | null {
  try {
    const value = storage?.getItem(RELOAD_KEY);
    return value ? Number(value) : null;
  } catch {
    return null;
  }
}

/**
 * Vite fires `vite:preloadError` when a chunk's preloaded dependencies fail, typically after a new
 * deploy replaced the hashed files. Reload once to fetch the new index.html; if that already
 * happened moments ago, let the error reach the route error boundary, which shows 'ChunkLoadError'.
 */
export function installPreloadErrorHandler(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    let storage: Storage | undefined;
    try {
      storage = win.sessionStorage;
    } catch {
      storage = undefined;
    }
    const now = Date.now();
    if (!shouldReloadAfterChunkError(readLastReload(storage), now)) return;
    try {
      storage?.setItem(RELOAD_KEY, String(now));
    } catch {
      // Storage may be unavailable (private mode); a single reload is still fine.
    }
    event.preventDefault();
    win.location.reload();
  });
}
