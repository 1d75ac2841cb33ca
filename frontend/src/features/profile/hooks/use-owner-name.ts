import { useProfile } from '../api/get-profile';

/** The owner's heading, or '' before it is set or loaded. */
export const useOwnerName = () => useProfile().data?.heading ?? '';
