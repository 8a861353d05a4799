import type { AvailableEnvironment } from '@contract/environment';
import { forgetCachedSession, updateSession, type SessionData } from '../../../src/authProvider/session';

export const zuiderveen: AvailableEnvironment = {
  environment: { id: '11111111-1111-4111-8111-111111111111', name: 'Gemeente Zuiderveen' },
  theme: { fileIdToLogo: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' },
};
export const cultuurhuis: AvailableEnvironment = {
  environment: { id: '22222222-2222-4222-8222-222222222222', name: 'Stichting Cultuurhuis Noord' },
  theme: { fileIdToLogo: null },
};
export const waterschap: AvailableEnvironment = {
  environment: { id: '33333333-3333-4333-8333-333333333333', name: 'Waterschap Lage Landen' },
  theme: null,
};

/** Sign-in settings as the environment info gives them for the embedded provider. */
export const embeddedInfo = {
  id: zuiderveen.environment.id,
  clientId: 'console',
  authority: 'https://localhost:8443/oidc',
  apiScope: 'api://console/access_as_user',
  cdnBase: '/cdn',
};

/** A session as it is after signing in, e.g. for rendering the shell. */
export function signInSession(available: AvailableEnvironment[], overrides: Partial<SessionData> = {}): void {
  sessionStorage.clear();
  forgetCachedSession();
  updateSession({
    clientId: embeddedInfo.clientId,
    authority: embeddedInfo.authority,
    apiScope: embeddedInfo.apiScope,
    defaultEnvironmentId: embeddedInfo.id,
    baseUrl: '',
    cdnBaseUrl: '/cdn',
    accessToken: 'token-1',
    tokenExpiresAt: Date.now() + 3_600_000,
    userEmail: 'anne@voorbeeld.nl',
    userName: 'Anne de Vries',
    signInType: 'popup',
    userId: '99999999-9999-4999-8999-999999999999',
    environmentId: available[0].environment.id,
    availableEnvironmentCount: available.length,
    availableEnvironments: available,
    ...overrides,
  });
}
