import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@/config/constants';
import { paths } from '@/config/paths';
import { leaveReturnNote, safeNextPath } from '@/lib/return-to';
import { FormError } from '@/components/form-error';
import { useFormError } from '@/hooks/use-form-error';
import { useLogin } from '../api/login';
import type { LoginRedirectState } from './approval-guard';

/** Email and password sign-in; approved admins go on to /admin. */
export function LoginForm() {
  const navigate = useNavigate();
  // The approval guard sends a turned-away account here with the server's message.
  const redirect = useLocation().state as LoginRedirectState | null;
  const [denied, setDenied] = useState(redirect?.denied ?? '');
  const [passwordVisible, setPasswordVisible] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: isEmail('Enter a valid email'),
      password: isNotEmpty('Password is required'),
    },
  });
  const { error, setError, onError } = useFormError(form);

  const next = safeNextPath(new URLSearchParams(useLocation().search).get('next'));

  const login = useLogin({
    mutationConfig: {
      onSuccess: (approval) => {
        if (next) {
          // Signed in from a page (the like alert's Log in): back there, with what the account may do.
          if (!approval.approved) {
            leaveReturnNote(approval.status === 'pending' ? MESSAGES.signedInBack.pending : MESSAGES.signedInBack.other);
          }
          window.location.assign(next);
        } else if (approval.approved) navigate(paths.admin.getHref());
        else setDenied(approval.message);
      },
      onError,
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
        <FormError message={error} title="Sign-in failed" />
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
          visible={passwordVisible}
          onVisibilityChange={setPasswordVisible}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': passwordVisible ? 'Hide password' : 'Show password' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.register.getHref(next)} size="sm">
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
