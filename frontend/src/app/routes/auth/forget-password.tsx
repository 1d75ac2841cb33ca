import { AuthLayout } from '@/components/layout/auth-layout';
import { ForgetPasswordForm } from '@/features/auth/components/forget-password-form';

export default function ForgetPasswordRoute() {
  return (
    <AuthLayout title="Reset Password" description="We will email you a link to set a new password.">
      <ForgetPasswordForm />
    </AuthLayout>
  );
}
