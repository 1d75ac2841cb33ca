import { AuthLayout } from '@/components/layout/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <AuthLayout title="Sign in" description="Sign in with your email and password.">
      <LoginForm />
    </AuthLayout>
  );
}
