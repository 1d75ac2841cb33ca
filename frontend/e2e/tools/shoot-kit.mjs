// What both screenshot tools share: Debian's Chromium with the project's flags, and the demo
// owner's sign-in (the SDK's stored session, for a context's localStorage).
import { chromium } from '@playwright/test';

export const launch = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

export async function ownerSession(base) {
  const res = await fetch(`${base}/api/collections/users/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: process.env.EMAIL ?? 'owner@folio.local', password: process.env.PASSWORD ?? 'folio-demo-2026' }),
  });
  const login = await res.json();
  return JSON.stringify({ token: login.token, record: login.record });
}
