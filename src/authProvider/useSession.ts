import { useSyncExternalStore } from 'react';
import { readSession, subscribeToSession, type Session } from './session';

/** The session data; re-renders when it changes (e.g. after an environment switch or a token refresh). */
export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, readSession);
}
