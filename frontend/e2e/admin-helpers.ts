import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** The demo owner `seed --demo` creates: an approved super admin. */
export const OWNER = { email: 'owner@folio.local', password: 'folio-demo-2026' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A unique suffix per test run, so specs never collide on titles or emails. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Auth = { token: string; record: { id: string; email: string } };

// Tokens stay valid for the whole run: one sign-in per account and worker keeps clear of the
// sign-in rate limit (2 per 3 s).
const sessions = new Map<string, Auth>();

/** Signs in through the API (once per account); waits out the sign-in rate limit instead of failing. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Auth> {
  const known = sessions.get(`${email}\n${password}`);
  if (known) return known;
  const auth = await freshLogin(request, email, password);
  sessions.set(`${email}\n${password}`, auth);
  return auth;
}

async function freshLogin(request: APIRequestContext, email: string, password: string): Promise<Auth> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const res = await request.post('/api/collections/users/auth-with-password', { data: { identity: email, password } });
    if (res.status() === 429) {
      await sleep(1600);
      continue;
    }
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Auth;
  }
  throw new Error(`sign-in of ${email} stayed rate limited`);
}

/** Puts a session into the page's storage, as the SDK keeps it, before the app starts. */
export async function signIn(context: BrowserContext, request: APIRequestContext, email: string, password: string, scheme?: 'dark' | 'light') {
  const auth = await apiLogin(request, email, password);
  await context.addInitScript(
    ([value, colorScheme]) => {
      localStorage.setItem('pocketbase_auth', value);
      if (colorScheme) localStorage.setItem('folio-color-scheme', colorScheme);
    },
    [JSON.stringify({ token: auth.token, record: auth.record }), scheme ?? ''] as const,
  );
  return auth;
}

/** An approved account made with the binary's own command (`admins create`). */
export function createAdmin(email: string, password: string, superAdmin = false) {
  const bin = path.resolve(process.env.FOLIO_BIN ?? '../folio');
  const dir = process.env.FOLIO_E2E_DIR;
  if (!dir) throw new Error('FOLIO_E2E_DIR is not set (the global setup sets it)');
  execFileSync(bin, ['admins', 'create', email, password, ...(superAdmin ? ['--super'] : []), '--dir', dir], { stdio: 'ignore' });
}

/** A self-registered account: pending until a super admin approves it. */
export async function registerPending(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/collections/users/records', { data: { email, password, passwordConfirm: password } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function openTab(page: Page, tab: string) {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
}

/** A real 8×8 PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4EaCBFTEMLQkAaplQAc/OcKAAAAAASUVORK5CYII=';
export const PNG = Buffer.from(PNG_BASE64, 'base64');

export const pngFile = (name = 'cover.png') => ({ name, mimeType: 'image/png', buffer: PNG });
