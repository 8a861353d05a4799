import {
  PublicClientApplication,
  type Configuration,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import { buildMsalConfiguration, type SignInSettings } from './msalConfiguration';
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

/**
 * Runs once per page load, before the app renders: completes a redirect sign-in coming back from the
 * identity provider (then returns to the deep link the user started from), and otherwise picks up the
 * account a previous page load of this tab signed in. A failure is logged and parked for the login page.
 */
export async function handleRedirectSignIn(
  msal: IPublicClientApplication,
  signIn: SignInHandling,
  history: Pick<History, 'replaceState'> = window.history,
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
}
