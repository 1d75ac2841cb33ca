import { useCallback, useState } from 'react';
import { parseApiError } from '@/lib/errors';

type FormWithErrors = { setErrors: (errors: Record<string, string>) => void };

/**
 * A form's page-level error message plus the mutation `onError` that fills it: the
 * server's message for the alert, its field errors onto the form's inputs.
 */
export function useFormError(form: FormWithErrors) {
  const [error, setError] = useState('');
  const onError = useCallback(
    (err: unknown) => {
      const parsed = parseApiError(err);
      setError(parsed.message);
      form.setErrors(parsed.fieldErrors);
    },
    [form],
  );
  return { error, setError, onError };
}
