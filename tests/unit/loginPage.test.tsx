import { BrowserAuthError } from '@azure/msal-browser';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/authProvider/LoginPage';
import { forgetCachedSession, readSession } from '../../src/authProvider/session';
import { forgetSignInError, rememberSignInError } from '../../src/authProvider/signInErrors';
import { installDemoPlatform } from './support/demoPlatform';
import { accountFor, authenticationResult } from './support/fakeMsal';
import { installFakeSignInPopup } from './support/fakeSignInPopup';
import { renderInConsole } from './support/renderInConsole';
import { setViewport } from './support/viewport';

beforeEach(() => {
  sessionStorage.clear();
  forgetCachedSession();
  forgetSignInError();
  installDemoPlatform();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login page', () => {
  it('shows the product name and the Inloggen button', async () => {
    setViewport(1366);
    await renderInConsole(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Digitaal publicatie platform' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Logo van de omgeving' })).toBeInTheDocument();
    expect(screen.getByText('Er opent een venster waarin je inlogt.')).toBeInTheDocument();
  });

  it('tells phone users they go to the sign-in page and come back', async () => {
    setViewport(390);
    await renderInConsole(<LoginPage />, { path: '/login' });
    expect(
      await screen.findByText('Je gaat naar de inlogpagina en komt daarna hier terug.'),
    ).toBeInTheDocument();
  });

  it('signs in through the popup and goes to the app', async () => {
    setViewport(1366);
    const { fake } = await renderInConsole(<LoginPage />, { path: '/login' });
    installFakeSignInPopup();
    fake.completeSignInWith(
      authenticationResult(accountFor('anne@voorbeeld.nl'), 'token-1', new Date(Date.now() + 3_600_000)),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(readSession().userEmail).toBe('anne@voorbeeld.nl');
  });

  it('shows a failed sign-in in Dutch and logs it', async () => {
    setViewport(1366);
    await renderInConsole(<LoginPage />, { path: '/login' });
    installFakeSignInPopup({ closedByUser: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het inlogvenster is gesloten voordat het inloggen klaar was. Probeer het opnieuw.',
    );
    expect(console.error).toHaveBeenCalledWith('Sign-in failed', expect.any(Error));
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled();
  });

  it('shows the failure of a redirect sign-in that came back from the identity provider', async () => {
    setViewport(390);
    rememberSignInError(new BrowserAuthError('no_network_connectivity'));
    await renderInConsole(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent('De inlogdienst is niet bereikbaar.');
  });
});
