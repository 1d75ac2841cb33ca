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
import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '@/components/form-error';

/**
 * The sign-in pages' form kit: one frame (no browser validation, the error alert, the fields,
 * one full-width submit, links below), the email and password fields, the done message and
 * the link to the other page. Sign-in, registration and both reset steps are built from it.
 */
export function AuthForm({
  onSubmit,
  error,
  errorTitle,
  notice,
  submitLabel,
  pending,
  children,
  footer,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string;
  errorTitle?: string;
  notice?: ReactNode;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <FormError message={error} title={errorTitle} />
        {notice}
        {children}
        <Button type="submit" loading={pending} fullWidth>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}

export function EmailField(props: Omit<TextInputProps, 'label' | 'type' | 'autoComplete' | 'required'>) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}

/**
 * A required password with a focusable show/hide toggle named after its field ("Show password",
 * "Hide new password"), so two password fields on one form keep distinct names.
 */
export function PasswordField({
  label = 'Password',
  ...props
}: Omit<PasswordInputProps, 'label' | 'visible' | 'onVisibilityChange' | 'required'> & {
  label?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      label={label}
      required
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}` }}
      {...props}
    />
  );
}

/** What a form shows in its place once it has done its work. */
export function AuthDone({ children }: { children: ReactNode }) {
  return (
    <Alert color="green" variant="light" role="status">
      {children}
    </Alert>
  );
}

/** "Already registered? Sign in": the way to the other page under a form. */
export function AuthSwitch({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <Text size="sm" c="dimmed">
      {prompt}{' '}
      <Anchor component={Link} to={to} size="sm" underline="always">
        {label}
      </Anchor>
    </Text>
  );
}
