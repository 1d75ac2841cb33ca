import '@mantine/core/styles/Group.layer.css';
import { Alert, Anchor, Group } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@/config/constants';
import { paths } from '@/config/paths';
import { leaveReturnNote, safeNextPath } from '@/lib/return-to';
import { useFormError } from '@/hooks/use-form-error';
import { useLogin } from '../api/login';
import { useCredentialsForm } from '../hooks/use-credentials-form';
import type { LoginRedirectState } from './approval-guard';
import { AuthForm, EmailField, PasswordField } from './auth-form';

/** Email and password sign-in; approved admins go on to /admin. */
export function LoginForm() {
  const navigate = useNavigate();
  // The approval guard sends a turned-away account here with the server's message.
  const redirect = useLocation().state as LoginRedirectState | null;
  const [denied, setDenied] = useState(redirect?.denied ?? '');
  const form = useCredentialsForm();
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
    <AuthForm
      onSubmit={form.onSubmit((values) => {
        setError('');
        setDenied('');
        login.mutate(values);
      })}
      error={error}
      errorTitle="Sign-in failed"
      notice={
        denied && (
          <Alert color="yellow" variant="light" role="alert">
            {denied}
          </Alert>
        )
      }
      submitLabel="Sign in"
      pending={login.isPending}
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to={paths.register.getHref(next)} size="sm">
            Register
          </Anchor>
          <Anchor component={Link} to={paths.forgetPassword.getHref()} size="sm">
            Reset Password
          </Anchor>
        </Group>
      }
    >
      <EmailField key={form.key('email')} {...form.getInputProps('email')} />
      <PasswordField autoComplete="current-password" key={form.key('password')} {...form.getInputProps('password')} />
    </AuthForm>
  );
}
