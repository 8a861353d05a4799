import type { AuthenticationResult } from '@azure/msal-browser';
import type { AvailableEnvironment } from '@contract/environment';
import type { HttpClient } from '../dataProvider/httpTypes';
import { fetchAvailableEnvironments, registerUser } from '../environments/environmentApi';
import { readSession, updateSession, type SignInType } from './session';
import { SignInError } from './signInErrors';

export interface SignInHandling {
  /** After a sign-in: keeps the tokens, registers the user and loads the environments they may use. */
  completeSignIn(result: AuthenticationResult, signInType: SignInType): Promise<void>;
  /** After a silent refresh: keeps the new token and its expiry. */
  recordAuthentication(result: AuthenticationResult): void;
}

export function createSignInHandling(http: HttpClient): SignInHandling {
  function recordAuthentication(result: AuthenticationResult): void {
    const account = result.account;
    updateSession({
      accessToken: result.accessToken,
      // MSAL always sets expiresOn for access tokens; a missing one is treated as already expired.
      tokenExpiresAt: result.expiresOn?.getTime() ?? 0,
      ...(account && { userEmail: account.username, userName: account.name || account.username }),
    });
  }

  async function completeSignIn(result: AuthenticationResult, signInType: SignInType): Promise<void> {
    recordAuthentication(result);
    updateSession({ signInType });
    const { defaultEnvironmentId, userEmail, environmentId: previousEnvironmentId } = readSession();
    if (!defaultEnvironmentId || !userEmail) throw new SignInError('app.login.error.generic');

    const userId = await registerUser(http, { environmentId: defaultEnvironmentId, username: userEmail });
    const available = await fetchAvailableEnvironments(http, defaultEnvironmentId, userId);
    const environmentId = chooseEnvironment(available, [previousEnvironmentId, defaultEnvironmentId]);
    if (!environmentId) throw new SignInError('app.login.error.no_environment');

    updateSession({
      userId,
      environmentId,
      availableEnvironments: available,
      availableEnvironmentCount: available.length,
    });
  }

  return { completeSignIn, recordAuthentication };
}

/** The first preferred environment the user may use, else the first available one. */
function chooseEnvironment(
  available: readonly AvailableEnvironment[],
  preferred: readonly (string | undefined)[],
): string | undefined {
  const ids = available.map((entry) => entry.environment.id);
  return preferred.find((id) => id !== undefined && ids.includes(id)) ?? ids[0];
}
