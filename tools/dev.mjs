// npm run dev -- <portal>: run one portal's Vite dev server against the Go API (proxying /api and /media).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const portals = ['user', 'vendor', 'therapy', 'coach', 'tour', 'car-rental', 'car-dealer', 'affiliate', 'writer', 'admin'];
const [name = 'user', ...rest] = process.argv.slice(2);
if (!portals.includes(name) || !existsSync(resolve(root, 'apps', name, 'vite.config.ts'))) {
  console.error(`Unknown portal "${name}". Choose one of: ${portals.join(', ')}`);
  process.exit(2);
}
console.log(`Starting the ${name} portal; API requests go to ${process.env.SOJOURN_API_ORIGIN ?? 'http://localhost:8080'}.`);
const child = spawn(resolve(root, 'node_modules/.bin/vite'), rest, { cwd: resolve(root, 'apps', name), stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
