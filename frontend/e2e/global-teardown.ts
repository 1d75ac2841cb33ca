import { rmSync } from 'node:fs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops the server the setup started (its process group) and removes the data dir. */
export default async function globalTeardown() {
  const pid = Number(process.env.FOLIO_E2E_PID);
  if (pid > 0) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
    for (let i = 0; i < 40 && alive(pid); i++) await sleep(125);
    if (alive(pid)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  const dir = process.env.FOLIO_E2E_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
