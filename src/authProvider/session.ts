import type { AvailableEnvironment } from '@contract/environment';

/** How the user signed in: a popup window on desktop, a full-page redirect on phones. */
export type SignInType = 'popup' | 'redirect';

/**
 * What the console keeps for the lifetime of the browser tab (spec §3 "session data", plus the sign-in
 * settings of spec §1). Everything lives in sessionStorage, so a reload keeps the user signed in and in
 * the selected environment, while closing the tab forgets it.
 */
export interface SessionData {
  /** Sign-in settings from the environment info; MSAL is configured from these. */
  clientId: string;
  authority: string;
  apiScope: string;
  /** The platform's default environment (environment info `id`); the user is registered against it. */
  defaultEnvironmentId: string;
  /** Root of the API, '' for the console's own origin. */
  baseUrl: string;
  /** Base of image URLs, already resolved against `baseUrl`. */
  cdnBaseUrl: string;
  /** The server keeps sent mail in its embedded catcher (a test installation): the menu offers /mail/. */
  mailCatcher: boolean;

  accessToken: string;
  /** Epoch milliseconds at which the access token expires. */
  tokenExpiresAt: number;
  userEmail: string;
  userName: string;
  signInType: SignInType;

  /** The id POST /api/1/users answered. */
  userId: string;
  /** The selected environment: every /api/1/{environmentId} call goes here. */
  environmentId: string;
  availableEnvironmentCount: number;
  availableEnvironments: AvailableEnvironment[];
}

export type Session = Readonly<Partial<SessionData>>;

/** Fields that belong to the signed-in user; signing out removes them and keeps the settings. */
const userFields = [
  'accessToken',
  'tokenExpiresAt',
  'userEmail',
  'userName',
  'signInType',
  'userId',
  'environmentId',
  'availableEnvironmentCount',
  'availableEnvironments',
] as const satisfies readonly (keyof SessionData)[];

const storageKey = 'dpp.session';
const emptySession: Session = Object.freeze({});

type Listener = () => void;
const listeners = new Set<Listener>();
// The parsed value is cached so that readers (useSyncExternalStore) get the same object until a write.
let cached: Session | undefined;

export function readSession(): Session {
  if (cached === undefined) cached = parse(sessionStorage.getItem(storageKey));
  return cached;
}

export function updateSession(patch: Partial<SessionData>): void {
  write({ ...readSession(), ...patch });
}

/** Forgets the signed-in user (tokens, user, environments) and keeps the sign-in settings. */
export function clearSignedInUser(): void {
  const remaining: Partial<SessionData> = { ...readSession() };
  for (const field of userFields) delete remaining[field];
  write(remaining);
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entry of the selected environment in the available list, if it is there. */
export function selectedEnvironment(session: Session): AvailableEnvironment | undefined {
  return session.availableEnvironments?.find((entry) => entry.environment.id === session.environmentId);
}

function write(next: Partial<SessionData>): void {
  cached = Object.freeze(next);
  sessionStorage.setItem(storageKey, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function parse(raw: string | null): Session {
  if (!raw) return emptySession;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? Object.freeze(value as Session) : emptySession;
  } catch {
    return emptySession;
  }
}

/** Test hook: drops the in-memory copy so the next read parses sessionStorage again (as after a reload). */
export function forgetCachedSession(): void {
  cached = undefined;
}
