import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/errors';
import { useLogin } from '../api/login';

/** Email and password sign-in; approved admins go on to /admin. */
export function LoginForm() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [denied, setDenied] = useState('');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: isEmail('Enter a valid email'),
      password: isNotEmpty('Password is required'),
    },
  });

  const login = useLogin({
    mutationConfig: {
      onSuccess: (approval) => {
        if (approval.approved) navigate(paths.admin.getHref());
        else setDenied(approval.message);
      },
      onError: (err) => {
        const parsed = parseApiError(err);
        setError(parsed.message);
        form.setErrors(parsed.fieldErrors);
      },
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError('');
        setDenied('');
        login.mutate(values);
      })}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" title="Sign-in failed">
            {error}
          </Alert>
        )}
        {denied && (
          <Alert color="yellow" variant="light" role="alert">
            {denied}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.register.getHref()} size="sm">
            Register
          </Anchor>
          <Anchor component={Link} to={paths.forgetPassword.getHref()} size="sm">
            Reset Password
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
