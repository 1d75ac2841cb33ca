import PocketBase, { LocalAuthStore } from 'pocketbase';
import { attachSdkAuthStore, AUTH_STORAGE_KEY } from './auth';

export { ClientResponseError } from 'pocketbase';

/**
 * The one SDK instance; the API is served by the same origin as the app. Loaded on demand
 * (sign-in, account forms, realtime) through `withPocketBase` in lib/api-client.ts: public
 * reads go through `api()` and need none of it.
 */
export const pb = new PocketBase('/', new LocalAuthStore(AUTH_STORAGE_KEY));

// react-query dedupes and cancels on its own; the SDK's auto-cancellation would abort
// parallel requests to the same path.
pb.autoCancellation(false);

attachSdkAuthStore(pb.authStore);
