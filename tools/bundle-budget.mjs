// Check each built portal's initial JavaScript (entry script plus modulepreloaded chunks) against the gzip budget.
// Usage: node tools/bundle-budget.mjs [portal...]   (default: every portal with a dist/)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 170 * 1024;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALL = ['user', 'vendor', 'therapy', 'coach', 'tour', 'car-rental', 'car-dealer', 'affiliate', 'writer', 'admin'];

/** Paths of the scripts a browser fetches before first render, from a built index.html. */
export function initialScripts(html) {
  const out = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) out.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) out.add(m[1]);
  return [...out].filter((p) => !/^https?:/.test(p));
}

export function measure(portal) {
  const dist = join(root, 'apps', portal, 'dist');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return null;
  const files = initialScripts(readFileSync(index, 'utf8'));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f.replace(/^\//, '')));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { portal, files: files.length, raw, gz };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const portals = wanted.length ? wanted : ALL;
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  let failed = false;
  let measured = 0;
  console.log(`Initial JS budget: ${kb(BUDGET_BYTES)} gzipped per portal`);
  for (const p of portals) {
    const r = measure(p);
    if (!r) {
      if (wanted.length) {
        console.error(`  ${p.padEnd(11)} not built (apps/${p}/dist/index.html missing)`);
        failed = true;
      }
      continue;
    }
    measured++;
    const ok = r.gz <= BUDGET_BYTES;
    failed ||= !ok;
    console.log(`  ${ok ? 'ok  ' : 'OVER'} ${p.padEnd(11)} ${kb(r.gz).padStart(9)} gzip  (${kb(r.raw)} raw, ${r.files} file${r.files === 1 ? '' : 's'})`);
  }
  if (measured === 0) {
    console.error('No built portal found; run npm run build first.');
    process.exit(1);
  }
  process.exit(failed ? 1 : 0);
}
