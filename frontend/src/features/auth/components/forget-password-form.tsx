import { isEmail, useForm } from '@mantine/form';
import { RESET_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useFormError } from '@/hooks/use-form-error';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthDone, AuthForm, AuthSwitch, EmailField } from './auth-form';

export const RESET_SENT_MESSAGE = 'Password reset email sent!';

export function ForgetPasswordForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: isEmail('Enter a valid email') },
  });
  const { error, setError, onError } = useFormError(form);
  const reset = useRequestPasswordReset({
    mutationConfig: {
      onError,
    },
  });

  useRedirectAfter(reset.isSuccess, paths.login.getHref(), RESET_REDIRECT_MS);

  if (reset.isSuccess) {
    return <AuthDone>{RESET_SENT_MESSAGE}</AuthDone>;
  }

  return (
    <AuthForm
      onSubmit={form.onSubmit((values) => {
        setError('');
        reset.mutate(values);
      })}
      error={error}
      submitLabel="Send reset link"
      pending={reset.isPending}
      footer={<AuthSwitch prompt="Remembered it?" to={paths.login.getHref()} label="Sign in" />}
    >
      <EmailField key={form.key('email')} {...form.getInputProps('email')} />
    </AuthForm>
  );
}
