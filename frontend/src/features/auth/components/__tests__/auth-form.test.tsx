import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { render, screen } from '@/test/test-utils';
import { RegisterForm } from '../register-form';
import { ResetPasswordForm } from '../reset-password-form';

// Every sign-in form is built from one kit (auth-form.tsx): the same fields, toggles and checks.
describe('the auth form kit', () => {
  it('gives every password field a show/hide toggle named after it', async () => {
    const { user } = render(<ResetPasswordForm token="tok" />);
    const fresh = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(fresh).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show confirm new password' }));
    expect(confirm).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide new password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('checks registration fields before sending anything', async () => {
    const fetchMock = mockFetch({});
    const { user } = render(<RegisterForm />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that does not match before sending anything', async () => {
    const fetchMock = mockFetch({});
    const { user } = render(<ResetPasswordForm token="tok" />);
    await user.type(screen.getByLabelText(/^New password/), 'password123');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'password124');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
