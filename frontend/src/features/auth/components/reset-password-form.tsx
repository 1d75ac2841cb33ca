import { Anchor } from '@mantine/core';
import { isNotEmpty, matchesField, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/errors';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { AuthDone, AuthForm, PasswordField } from './auth-form';

/** Sets a new password with the token from the reset email. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [error, setError] = useState('');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: isNotEmpty('Password is required'),
      confirm: matchesField('password', 'Passwords do not match'),
    },
  });
  const confirm = useConfirmPasswordReset({
    mutationConfig: {
      onError: (err) => {
        const parsed = parseApiError(err);
        // PocketBase names the token field; show it as the page message.
        setError(parsed.fieldErrors.token ?? parsed.message);
        form.setErrors({ password: parsed.fieldErrors.password });
      },
    },
  });

  if (confirm.isSuccess) {
    return (
      <AuthDone>
        Your password has been changed.{' '}
        <Anchor component={Link} to={paths.login.getHref()}>
          Sign in
        </Anchor>
      </AuthDone>
    );
  }

  return (
    <AuthForm
      onSubmit={form.onSubmit(({ password }) => {
        setError('');
        confirm.mutate({ token, password });
      })}
      error={error}
      submitLabel="Set new password"
      pending={confirm.isPending}
    >
      <PasswordField label="New password" autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        key={form.key('confirm')}
        {...form.getInputProps('confirm')}
      />
    </AuthForm>
  );
}
