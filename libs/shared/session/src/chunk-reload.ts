import { CHUNK_RELOAD_WINDOW_MS } from '@sojourn/util';

export const CHUNK_RELOAD_KEY = 'sojourn:chunk-reload-at';

const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i;

export function isChunkLoadError(e: unknown): boolean {
  if (!e) return false;
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return CHUNK_ERROR.test(msg);
}

/**
 * Decide whether to reload after a chunk failed to load (typically a deploy replaced the hashed files). Reloads at
 * most once per 10 s window, remembered in sessionStorage, so a genuinely missing chunk cannot loop.
 */
export function shouldReloadForChunk(now = Date.now(), storage: Storage = sessionStorage): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (last && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}

/** Wrap a dynamic import: on a chunk-load failure reload the page once; otherwise (or the second time) rethrow. */
export async function loadChunk<T>(importer: () => Promise<T>, reload: () => void = () => window.location.reload()): Promise<T> {
  try {
    return await importer();
  } catch (e) {
    if (isChunkLoadError(e) && shouldReloadForChunk()) {
      reload();
      return new Promise<T>(() => undefined);
    }
    throw e;
  }
}

/** Vite emits `vite:preloadError` when a preloaded dependency fails; apply the same once-per-window reload. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (shouldReloadForChunk()) {
      event.preventDefault();
      window.location.reload();
    }
  });
}
