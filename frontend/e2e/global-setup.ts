import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Seeds a throw-away data dir with demo content and starts the Folio binary on it:
 *   $FOLIO_BIN seed --demo --items 24 --dir TMP
 *   $FOLIO_BIN serve --http=127.0.0.1:$PORT --dir=TMP
 * FOLIO_BIN defaults to ../folio (from frontend/), PORT to 8097. With FOLIO_E2E_BASE_URL set,
 * the specs run against that server instead and nothing is started here.
 * The pid and dir go to the teardown through process.env (same process).
 */
export default async function globalSetup() {
  if (process.env.FOLIO_E2E_BASE_URL) return;

  const bin = path.resolve(process.env.FOLIO_BIN ?? '../folio');
  const port = Number(process.env.PORT ?? 8097);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
  process.env.FOLIO_E2E_DIR = dataDir;

  const logPath = path.join(dataDir, 'folio.log');
  // The seed's output goes to the log, shown only when something fails.
  const seedLog = openSync(logPath, 'a');
  try {
    execFileSync(bin, ['seed', '--demo', '--items', '24', '--dir', dataDir], {
      stdio: ['ignore', seedLog, seedLog],
      timeout: 120_000,
    });
  } catch (error) {
    throw new Error(`${bin} seed failed: ${String(error)}\n${readFileSync(logPath, "utf8").slice(-4000)}`, { cause: error });
  } finally {
    closeSync(seedLog);
  }

  const log = openSync(logPath, 'a');
  const server = spawn(bin, ['serve', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`], {
    stdio: ['ignore', log, log],
    detached: true, // its own process group, so the teardown can end it and any children
  });
  closeSync(log);
  if (!server.pid) throw new Error(`could not start ${bin}`);
  process.env.FOLIO_E2E_PID = String(server.pid);
  server.unref();

  let exited = false;
  server.once('exit', () => (exited = true));

  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(healthUrl);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const output = readFileSync(logPath, 'utf8').slice(-4000);
  throw new Error(
    `${bin} serve did not answer ${healthUrl} with 200 ${exited ? '(it exited)' : 'within 60 s'}.\n${output}`,
  );
}
