// The shell's account corner: "Sign in" (back to this page afterwards) for a guest, a menu
// with the account's email and Sign out for a signed-in reader.
import { session } from '../kit';

export function startAccount() {
  const slot = document.querySelector<HTMLElement>('[data-island="account"]');
  const s = session();
  if (!slot || !s) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button round';
  button.textContent = 'Account';
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  const menu = document.createElement('div');
  menu.className = 'account-menu';
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  const email = document.createElement('p');
  email.textContent = s.record.email ?? '';
  const dashboard = document.createElement('a');
  dashboard.href = '/admin';
  dashboard.textContent = 'Dashboard';
  dashboard.setAttribute('role', 'menuitem');
  const signOut = document.createElement('button');
  signOut.type = 'button';
  signOut.textContent = 'Sign out';
  signOut.setAttribute('role', 'menuitem');
  menu.append(email, dashboard, signOut);
  const show = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => show(menu.hidden));
  document.addEventListener('click', (e) => {
    if (!slot.contains(e.target as Node)) show(false);
  });
  slot.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      show(false);
      button.focus();
    }
  });
  signOut.addEventListener('click', () => {
    localStorage.removeItem('pocketbase_auth');
    location.reload();
  });
  slot.replaceChildren(button, menu);
}
