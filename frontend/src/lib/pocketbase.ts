import PocketBase from 'pocketbase';

/** The one SDK instance; the API is served by the same origin as the app. */
export const pb = new PocketBase('/');

// react-query dedupes and cancels on its own; the SDK's auto-cancellation would abort
// parallel requests to the same path (e.g. two lists of /api/content).
pb.autoCancellation(false);
