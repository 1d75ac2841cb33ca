import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import type { ApprovalResponse } from '@/types/api';
import { useApproval } from '../api/check-approval';
import { useCurrentUser } from '../hooks/use-current-user';

/** What /login shows after the guard turned an account away. */
export type LoginRedirectState = { denied?: string };

/**
 * 'Loading...' while the approval check runs, the children when approved, /login otherwise.
 * The check re-runs whenever the signed-in account changes (the query key holds its id).
 */
export function ApprovalGuard({ children }: { children: (approval: ApprovalResponse) => ReactNode }) {
  const user = useCurrentUser();
  const approval = useApproval({ userId: user?.id ?? '' });

  useEffect(() => {
    if (approval.isError) console.error('Error checking approval:', approval.error);
  }, [approval.isError, approval.error]);

  if (!user) return <Navigate to={paths.login.getHref()} replace />;
  if (approval.isPending) return <Loading />;
  if (approval.isError || !approval.data.approved) {
    const state: LoginRedirectState = { denied: approval.data?.message };
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }
  return <>{children(approval.data)}</>;
}
