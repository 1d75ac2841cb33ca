import { useParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layout/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <AuthLayout title="Choose a new password">
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
