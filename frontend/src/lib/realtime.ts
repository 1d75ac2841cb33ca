import { withPocketBase } from './api-client';

/** Collections the dashboard watches through PocketBase realtime. */
export type LiveCollection = 'blogs' | 'projects' | 'events' | 'users' | 'profile' | 'about';

/**
 * Subscribes to every record change of `collection` (the server's List rule decides who
 * hears what); resolves to the unsubscribe.
 */
export const subscribeCollection = (collection: LiveCollection, onChange: () => void) =>
  withPocketBase((pb) => pb.collection(collection).subscribe('*', () => onChange()));
