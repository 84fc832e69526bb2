import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@sojourn/ui': r('./libs/shared/ui/src/index.ts'),
      '@sojourn/api-client': r('./libs/shared/api-client/src/index.ts'),
      '@sojourn/session': r('./libs/shared/session/src/index.ts'),
      '@sojourn/util': r('./libs/shared/util/src/index.ts'),
      '@sojourn/realtime': r('./libs/shared/realtime/src/index.ts'),
      '@sojourn/routing': r('./libs/shared/routing/src/index.ts'),
      '@sojourn/feature-account/pages': r('./libs/feature/account/src/pages'),
      '@sojourn/feature-account': r('./libs/feature/account/src/index.ts'),
      '@sojourn/feature-shell': r('./libs/feature/shell/src/index.ts'),
      '@sojourn/feature-earnings': r('./libs/feature/earnings/src/index.ts'),
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['libs/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    css: false,
    pool: 'threads',
    maxWorkers: 2,
  },
});
