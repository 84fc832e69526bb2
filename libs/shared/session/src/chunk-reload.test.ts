import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, loadChunk, shouldReloadForChunk } from './chunk-reload';

const chunkError = new TypeError('Failed to fetch dynamically imported module: https://x/assets/profile-abc.js');

describe('chunk-reload guard', () => {
  it('recognises chunk-load failures and nothing else', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 10 seconds, then again after the window', () => {
    expect(shouldReloadForChunk(1_000_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(shouldReloadForChunk(1_005_000)).toBe(false);
    expect(shouldReloadForChunk(1_009_999)).toBe(false);
    expect(shouldReloadForChunk(1_010_000)).toBe(true);
  });

  it('loadChunk reloads on the first failure and rethrows on a second one inside the window', async () => {
    const reload = vi.fn();
    const pending = loadChunk(() => Promise.reject(chunkError), reload);
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledOnce();
    void pending;
    await expect(loadChunk(() => Promise.reject(chunkError), reload)).rejects.toBe(chunkError);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('loadChunk rethrows ordinary errors without reloading', async () => {
    const reload = vi.fn();
    const boom = new Error('render failed');
    await expect(loadChunk(() => Promise.reject(boom), reload)).rejects.toBe(boom);
    expect(reload).not.toHaveBeenCalled();
  });

  it('loadChunk returns the module when it loads', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 42 }))).resolves.toEqual({ default: 42 });
  });
});
