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
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MESSAGES, REGISTER_REDIRECT_MS } from '@/config/constants';
import { leaveReturnNote, safeNextPath } from '@/lib/return-to';
import { paths } from '@/config/paths';
import { FormError } from '@/components/form-error';
import { useFormError } from '@/hooks/use-form-error';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { useRegister } from '../api/register';

export const REGISTER_SUCCESS_MESSAGE = 'Registration successful. Awaiting super admin approval.';

export function RegisterForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: isEmail('Enter a valid email'),
      password: isNotEmpty('Password is required'),
    },
  });
  const { error, setError, onError } = useFormError(form);
  const register = useRegister({
    mutationConfig: {
      onError,
    },
  });

  const next = safeNextPath(new URLSearchParams(useLocation().search).get('next'));
  // The spec's /login after 3 s; a reader who came from a page goes back to it, signed in.
  useRedirectAfter(register.isSuccess && !next, paths.login.getHref(), REGISTER_REDIRECT_MS);
  useEffect(() => {
    if (!register.isSuccess || !next) return;
    leaveReturnNote(MESSAGES.signedInBack.pending);
    const timer = window.setTimeout(() => window.location.assign(next), REGISTER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [register.isSuccess, next]);

  if (register.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status">
        {REGISTER_SUCCESS_MESSAGE}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError('');
        register.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormError message={error} />
        <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          Register
        </Button>
        <Text size="sm" c="dimmed">
          Already registered?{' '}
          <Anchor component={Link} to={paths.login.getHref(next)} size="sm" underline="always">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
