import { AuthLayout } from '@/components/layout/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <AuthLayout title="Register" description="New accounts wait for a super admin's approval.">
      <RegisterForm />
    </AuthLayout>
  );
}
