import { rmSync } from 'node:fs';
import { readState, STATE_FILE } from './server';

export default async function globalTeardown() {
  const { pid, dir } = readState();
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}
