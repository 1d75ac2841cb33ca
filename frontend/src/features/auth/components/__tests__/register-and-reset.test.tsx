import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { render, screen } from '@/test/test-utils';
import { ForgetPasswordForm, RESET_SENT_MESSAGE } from '../forget-password-form';
import { REGISTER_SUCCESS_MESSAGE, RegisterForm } from '../register-form';

describe('RegisterForm', () => {
  it('signs the new account in, shows the success message, then goes to /login after 3 s', async () => {
    let signedIn = 0;
    mockFetch({
      'POST /api/collections/users/records': () => json({ id: 'u1', email: 'ada@example.com' }),
      'POST /api/collections/users/auth-with-password': () => {
        signedIn++;
        return json({ token: 'tok', record: { id: 'u1', email: 'ada@example.com', collectionName: 'users' } });
      },
    });
    const { user } = render(<RegisterForm />, { route: '/register', path: '/register' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'password123');
    await user.click(screen.getByRole('button', { name: /register/i }));
    expect(await screen.findByRole('status')).toHaveTextContent(REGISTER_SUCCESS_MESSAGE);
    expect(signedIn).toBe(1);
    expect(screen.queryByText('Navigated away')).not.toBeInTheDocument();
    expect(await screen.findByText('Navigated away', {}, { timeout: 4500 })).toBeInTheDocument();
  }, 15_000);
});

describe('ForgetPasswordForm', () => {
  it('shows the sent message, then goes to /login after 2 s', async () => {
    mockFetch({ 'POST /api/collections/users/request-password-reset': () => new Response(null, { status: 204 }) });
    const { user } = render(<ForgetPasswordForm />, { route: '/forget-password', path: '/forget-password' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_SENT_MESSAGE);
    expect(await screen.findByText('Navigated away', {}, { timeout: 3500 })).toBeInTheDocument();
  }, 15_000);
});
