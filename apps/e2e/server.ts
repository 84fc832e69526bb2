import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const STATE_FILE = join(tmpdir(), 'sojourn-e2e-state.json');

export interface ServerState {
  pid: number;
  port: number;
  dir: string;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

/** The server binary: SOJOURN_BIN, else bin/sojourn (make build), else built with go into the temp folder. */
function serverBinary(dir: string): string {
  const fromEnv = process.env.SOJOURN_BIN;
  if (fromEnv) return fromEnv;
  const bin = join(ROOT, 'bin/sojourn');
  if (existsSync(bin)) return bin;
  const out = join(dir, 'sojourn');
  execFileSync('go', ['build', '-o', out, './api/cmd/sojourn'], { cwd: ROOT, stdio: 'inherit' });
  return out;
}

export async function startServer(): Promise<ServerState> {
  for (const p of ['user', 'vendor', 'coach', 'admin']) {
    if (!existsSync(join(ROOT, 'apps', p, 'dist/index.html'))) {
      throw new Error(`apps/${p}/dist is missing: run "npm run build" before the end-to-end tests.`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'sojourn-e2e-'));
  const port = await freePort();
  const bin = serverBinary(dir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SOJOURN_ENV: 'development',
    SOJOURN_ADDR: `127.0.0.1:${port}`,
    SOJOURN_BASE_DOMAIN: 'localhost',
    DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
    SOJOURN_DATA_DIR: join(dir, 'data'),
    SOJOURN_MEDIA_DIR: join(dir, 'media'),
    SOJOURN_ACCESS_TTL: '20s',
    // Every spec signs in from 127.0.0.1; the suite as a whole needs more than the default 30 per 5 minutes.
    SOJOURN_LOGIN_IP_LIMIT: '500',
    SOJOURN_LOG_LEVEL: 'warn',
  };
  delete env.SOJOURN_PORTALS_DIR;
  execFileSync(bin, ['seed', '--demo'], { cwd: ROOT, env, stdio: 'ignore' });
  const child = spawn(bin, ['serve'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: false });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`sojourn serve exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('sojourn serve did not become healthy in 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const state = { pid: child.pid!, port, dir };
  writeFileSync(STATE_FILE, JSON.stringify(state));
  return state;
}

export function readState(): ServerState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ServerState;
}
