import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';

/** The red alert a form shows above its fields when a submit failed; nothing otherwise. */
export function FormError({ message, title }: { message: string; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {message}
    </Alert>
  );
}
