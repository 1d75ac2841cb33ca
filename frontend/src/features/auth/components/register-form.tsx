import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES, REGISTER_REDIRECT_MS } from '@/config/constants';
import { leaveReturnNote, safeNextPath } from '@/lib/return-to';
import { paths } from '@/config/paths';
import { useFormError } from '@/hooks/use-form-error';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { useCredentialsForm } from '../hooks/use-credentials-form';
import { useRegister } from '../api/register';
import { AuthDone, AuthForm, AuthSwitch, EmailField, PasswordField } from './auth-form';

export const REGISTER_SUCCESS_MESSAGE = 'Registration successful. Awaiting super admin approval.';

export function RegisterForm() {
  const form = useCredentialsForm();
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
    return <AuthDone>{REGISTER_SUCCESS_MESSAGE}</AuthDone>;
  }

  return (
    <AuthForm
      onSubmit={form.onSubmit((values) => {
        setError('');
        register.mutate(values);
      })}
      error={error}
      submitLabel="Register"
      pending={register.isPending}
      footer={<AuthSwitch prompt="Already registered?" to={paths.login.getHref(next)} label="Sign in" />}
    >
      <EmailField key={form.key('email')} {...form.getInputProps('email')} />
      <PasswordField autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
    </AuthForm>
  );
}
