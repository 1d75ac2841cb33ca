import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { RESET_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { FormError } from '@/components/form-error';
import { useFormError } from '@/hooks/use-form-error';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { useRequestPasswordReset } from '../api/request-password-reset';

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
    return (
      <Alert color="green" variant="light" role="status">
        {RESET_SENT_MESSAGE}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError('');
        reset.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormError message={error} />
        <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Send reset link
        </Button>
        <Text size="sm" c="dimmed">
          Remembered it?{' '}
          <Anchor component={Link} to={paths.login.getHref()} size="sm" underline="always">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
