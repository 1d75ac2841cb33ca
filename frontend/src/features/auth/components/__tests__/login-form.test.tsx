import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { render, screen } from '@/test/test-utils';
import { LoginForm } from '../login-form';

describe('LoginForm', () => {
  it('links to Register and Reset Password and toggles password visibility', async () => {
    const { user } = render(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', '/forget-password');

    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the server message when sign-in fails', async () => {
    mockFetch({
      'POST /api/collections/users/auth-with-password': () =>
        json({ status: 400, message: 'Failed to authenticate.', data: {} }, 400),
    });
    const { user } = render(<LoginForm />);
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to authenticate.');
  });

  it('validates the email before sending anything', async () => {
    const fetchMock = mockFetch({});
    const { user } = render(<LoginForm />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
