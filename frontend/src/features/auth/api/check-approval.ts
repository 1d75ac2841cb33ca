import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isResponseError } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ApprovalResponse } from '@/types/api';

export const PENDING_APPROVAL_MESSAGE = 'Access denied. Awaiting super admin approval.';

/**
 * Asks whether the signed-in account may reach /admin. A 403 carries the same
 * shape with `approved: false`, so it is an answer, not an error.
 */
export const checkApproval = async (): Promise<ApprovalResponse> => {
  try {
    return await api<ApprovalResponse>('/api/admin/check-approval', { method: 'POST' });
  } catch (error) {
    if (isResponseError(error) && error.status === 403) {
      const body = error.response as Partial<ApprovalResponse>;
      return {
        approved: false,
        message: body.message || PENDING_APPROVAL_MESSAGE,
        isSuperAdmin: false,
        status: body.status ?? '',
      };
    }
    throw error;
  }
};

/** The one place the approval query key is spelled. */
export const approvalQueryKey = (userId: string) => ['approval', userId] as const;

export const getApprovalQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: approvalQueryKey(userId),
    queryFn: checkApproval,
    staleTime: 0,
    retry: false,
  });

type UseApprovalOptions = {
  userId: string;
  queryConfig?: QueryConfig<typeof getApprovalQueryOptions>;
};

export const useApproval = ({ userId, queryConfig }: UseApprovalOptions) =>
  useQuery({ ...getApprovalQueryOptions(userId), enabled: userId !== '', ...queryConfig });
