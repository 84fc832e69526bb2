import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { prerender } from './vite-prerender';
import { FIRST_PAGES, routePreload } from './vite-route-preload';

/** Dev-server ports, one per portal, so several can run side by side. */
export const DEV_PORTS: Record<string, number> = {
  user: 5170,
  vendor: 5171,
  therapy: 5172,
  coach: 5173,
  tour: 5174,
  'car-rental': 5175,
  'car-dealer': 5176,
  affiliate: 5177,
  writer: 5178,
  admin: 5179,
};

/**
 * Shared Vite configuration of a portal. In development `/api` and `/media` are proxied to the Go API
 * (SOJOURN_API_ORIGIN, default http://localhost:8080) so the portal calls its own origin, as in production.
 */
export function portalConfig(name: string, root: string): UserConfig {
  const api = process.env.SOJOURN_API_ORIGIN ?? 'http://localhost:8080';
  return defineConfig({
    root,
    plugins: [
      react(),
      tailwindcss(),
      routePreload(name === 'user' ? { ...FIRST_PAGES, '/': 'apps/user/src/pages/home.tsx' } : FIRST_PAGES),
      prerender(root, name === 'user' ? ['/', '/login', '/register'] : ['/login']),
    ],
    server: {
      port: DEV_PORTS[name],
      strictPort: false,
      proxy: {
        '/api': { target: api, changeOrigin: true },
        '/media': { target: api, changeOrigin: true },
      },
    },
    preview: { port: DEV_PORTS[name] },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 400,
      rollupOptions: process.env.ANALYZE
        ? {
            output: {
              manualChunks(id: string) {
                const m = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
                if (m) return `pkg-${m[1]!.replace('/', '_')}`;
                const l = id.match(/libs\/(\w+\/[\w-]+)/);
                return l && process.env.ANALYZE !== 'pkg' ? `lib-${l[1]!.replace('/', '_')}` : undefined;
              },
            },
          }
        : undefined,
    },
  }) as UserConfig;
}
