import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { isNotEmpty, matchesField, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FormError } from '@/components/form-error';
import { parseApiError } from '@/lib/errors';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

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
      <Alert color="green" variant="light" role="status">
        Your password has been changed.{' '}
        <Anchor component={Link} to={paths.login.getHref()}>
          Sign in
        </Anchor>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) => {
        setError('');
        confirm.mutate({ token, password });
      })}
    >
      <Stack gap="md">
        <FormError message={error} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={confirm.isPending} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
