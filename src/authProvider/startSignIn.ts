import {
  PublicClientApplication,
  type Configuration,
  type IPublicClientApplication,
  type SilentRequest,
} from '@azure/msal-browser';
import { buildMsalConfiguration, type SignInSettings } from './msalConfiguration';
import { readSession, type SignInType } from './session';
import type { SignInHandling } from './signInHandling';
import { rememberSignInError } from './signInErrors';

export type CreateMsalClient = (configuration: Configuration) => IPublicClientApplication;

const createPublicClient: CreateMsalClient = (configuration) => new PublicClientApplication(configuration);

/** Builds and initialises the MSAL client for the environment's identity provider. */
export async function createMsalClient(
  settings: SignInSettings,
  create: CreateMsalClient = createPublicClient,
): Promise<IPublicClientApplication> {
  const msal = create(buildMsalConfiguration(settings));
  await msal.initialize();
  return msal;
}

/** How a tab without a session of its own signs in from the account another tab signed in. */
export interface SilentSignIn {
  tokenRequest: Omit<SilentRequest, 'account'>;
  signInType(): SignInType;
}

/**
 * Runs once per page load, before the app renders: completes a redirect sign-in coming back from the
 * identity provider (then returns to the deep link the user started from), and otherwise picks up the
 * account a previous page load signed in. A new tab has no session of its own yet (sessionStorage is per
 * tab) but finds the account in MSAL's shared cache: it signs in silently with it, without the login
 * screen. A failure is logged and parked for the login page (a silent one only logged).
 */
export async function handleRedirectSignIn(
  msal: IPublicClientApplication,
  signIn: SignInHandling,
  history: Pick<History, 'replaceState'> = window.history,
  silent?: SilentSignIn,
): Promise<void> {
  try {
    const result = await msal.handleRedirectPromise();
    if (result) {
      msal.setActiveAccount(result.account);
      await signIn.completeSignIn(result, 'redirect');
      if (result.state?.startsWith('/') && !result.state.startsWith('//'))
        history.replaceState(null, '', result.state);
    }
  } catch (error) {
    console.error('Redirect sign-in failed', error);
    rememberSignInError(error);
  }
  if (!msal.getActiveAccount()) {
    const [account] = msal.getAllAccounts();
    if (account) msal.setActiveAccount(account);
  }
  const account = msal.getActiveAccount();
  if (silent && account && !readSession().userId) {
    try {
      const result = await msal.acquireTokenSilent({ ...silent.tokenRequest, account });
      await signIn.completeSignIn(result, silent.signInType());
    } catch (error) {
      // Nothing to take over (refresh token expired, account removed): the login screen asks.
      console.warn('Silent sign-in from the shared cache failed', error);
    }
  }
}
