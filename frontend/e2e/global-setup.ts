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
const E2E_SUPERUSER = { email: 'e2e@folio.local', password: 'e2e-superuser-2026' };

/**
 * The specs post comments, likes and views faster than a visitor would: exempt 127.0.0.1
 * from PocketBase's rate limits (the tests' explicit exemption, as API.md allows).
 */
async function exemptLoopback(base: string) {
  const auth = await fetch(`${base}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: E2E_SUPERUSER.email, password: E2E_SUPERUSER.password }),
  });
  if (!auth.ok) throw new Error(`superuser sign-in failed: ${auth.status} ${await auth.text()}`);
  const { token } = (await auth.json()) as { token: string };
  const headers = { Authorization: token, 'Content-Type': 'application/json' };
  const settings = (await (await fetch(`${base}/api/settings`, { headers })).json()) as {
    rateLimits: { excludedIPs?: string[] };
  };
  const excludedIPs = [...new Set([...(settings.rateLimits.excludedIPs ?? []), '127.0.0.1', '::1'])];
  const res = await fetch(`${base}/api/settings`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ rateLimits: { ...settings.rateLimits, excludedIPs } }),
  });
  if (!res.ok) throw new Error(`could not exempt 127.0.0.1 from rate limits: ${res.status} ${await res.text()}`);
}

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

  // A superuser, so the specs can exempt the loopback client from rate limits below.
  execFileSync(bin, ['superuser', 'upsert', E2E_SUPERUSER.email, E2E_SUPERUSER.password, '--dir', dataDir], {
    stdio: 'ignore',
    timeout: 60_000,
  });

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
  let ready = false;
  while (!ready && !exited && Date.now() < deadline) {
    try {
      ready = (await fetch(healthUrl)).status === 200;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (ready) return exemptLoopback(`http://127.0.0.1:${port}`);
  const output = readFileSync(logPath, 'utf8').slice(-4000);
  throw new Error(
    `${bin} serve did not answer ${healthUrl} with 200 ${exited ? '(it exited)' : 'within 60 s'}.\n${output}`,
  );
}
