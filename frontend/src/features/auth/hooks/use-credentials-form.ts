import { isEmail, isNotEmpty, useForm } from '@mantine/form';

/** The email and password of sign-in and registration, checked before anything is sent. */
export function useCredentialsForm() {
  return useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: isEmail('Enter a valid email'),
      password: isNotEmpty('Password is required'),
    },
  });
}
