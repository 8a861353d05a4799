import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCachedSession } from '../../src/authProvider/session';
import { SignInError } from '../../src/authProvider/signInError';
import { boot } from '../../src/boot/boot';
import { installDemoPlatform } from './support/demoPlatform';
import { installFakeSignInPopup } from './support/fakeSignInPopup';
import { embeddedInfo, signInSession, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

// The fakeConsole (react-admin, MUI, MSAL) is the edge of the small entry: a stand-in records what the entry
// asks of it. The real console's start and login page are tested in app.test.tsx and loginPage.test.tsx.
const fakeConsole = vi.hoisted(() => {
  const login = vi.fn<(params: { returnTo?: string; popup?: Window }) => Promise<void>>();
  return {
    loaded: vi.fn(),
    login,
    startConsoleOnce: vi.fn(async (_options: { info?: unknown }) => ({ authProvider: { login } })),
    renderConsole: vi.fn((container: HTMLElement, _start: () => Promise<unknown>) => {
      container.append(Object.assign(document.createElement('p'), { textContent: 'De console' }));
    }),
    signInErrorMessageKey: vi.fn((error: unknown) =>
      error instanceof SignInError ? error.messageKey : 'app.login.error.generic',
    ),
  };
});
vi.mock('../../src/console', () => {
  fakeConsole.loaded();
  return {
    startConsoleOnce: fakeConsole.startConsoleOnce,
    renderConsole: fakeConsole.renderConsole,
    signInErrorMessageKey: fakeConsole.signInErrorMessageKey,
  };
});

let root: HTMLElement;

beforeEach(() => {
  setViewport(1366);
  sessionStorage.clear();
  localStorage.clear();
  forgetCachedSession();
  window.history.replaceState(null, '', '/');
  root = document.body.appendChild(document.createElement('div'));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  root.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('the small entry', () => {
  it('shows the spinner while the environment info loads, then the login screen without the console', async () => {
    let answerInfo: () => void = () => {};
    const demoFetch = installDemoPlatform().fetch.getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (...args: Parameters<typeof fetch>) => {
        await new Promise<void>((resolve) => (answerInfo = resolve));
        return demoFetch(...args);
      }),
    );
    const loadedBeforeLogin = vi.fn(() => fakeConsole.loaded.mock.calls.length);
    void boot(root).then(loadedBeforeLogin);
    expect(screen.getByRole('status')).toHaveTextContent('Het platform wordt geladen…');

    answerInfo();
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Digitaal publicatie platform' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo van de omgeving' })).toBeInTheDocument();
    expect(screen.getByText('Er opent een venster waarin je inlogt.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await vi.waitFor(() => expect(loadedBeforeLogin).toHaveReturnedWith(0));
    // Once the login screen is painted, the fakeConsole downloads in the background; it does not start.
    await vi.waitFor(() => expect(fakeConsole.loaded).toHaveBeenCalled());
    expect(fakeConsole.startConsoleOnce).not.toHaveBeenCalled();
    expect(fakeConsole.renderConsole).not.toHaveBeenCalled();
  });

  it('tells phone users they go to the sign-in page and come back', async () => {
    setViewport(390);
    installDemoPlatform();
    void boot(root);
    expect(
      await screen.findByText('Je gaat naar de inlogpagina en komt daarna hier terug.'),
    ).toBeInTheDocument();
  });

  it('restores the session of this tab: the fakeConsole starts with the environment info', async () => {
    installDemoPlatform();
    signInSession([zuiderveen]);
    window.history.replaceState(null, '', '/recievers/');
    await boot(root);
    expect(fakeConsole.renderConsole).toHaveBeenCalledWith(root, expect.any(Function));
    await fakeConsole.renderConsole.mock.calls[0][1]();
    expect(fakeConsole.startConsoleOnce).toHaveBeenCalledWith({ info: embeddedInfo });
    expect(screen.queryByRole('button', { name: 'Inloggen' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("hands the identity provider's answer to a redirect sign-in to the console", async () => {
    installDemoPlatform();
    window.history.replaceState(null, '', '/#code=c0de&state=st4te');
    await boot(root);
    expect(fakeConsole.renderConsole).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Inloggen' })).toBeNull();
  });

  it("opens the popup in the click, signs in through the console's authProvider and shows the console", async () => {
    installDemoPlatform();
    window.history.replaceState(null, '', '/recievers/lists/abc?q=jansen');
    const { open, popup } = installFakeSignInPopup();
    fakeConsole.login.mockResolvedValue(undefined);
    void boot(root);
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(open).toHaveBeenCalledTimes(1);

    expect(await screen.findByText('De console')).toBeInTheDocument();
    expect(fakeConsole.startConsoleOnce).toHaveBeenCalledWith({ info: embeddedInfo });
    expect(fakeConsole.login).toHaveBeenCalledWith({ returnTo: '/recievers/lists/abc?q=jansen', popup });
    expect(screen.queryByRole('button', { name: 'Inloggen' })).toBeNull();
  });

  it('shows a failed sign-in in Dutch and lets the user try again', async () => {
    installDemoPlatform();
    installFakeSignInPopup();
    fakeConsole.login.mockRejectedValueOnce(new SignInError('app.login.error.cancelled'));
    void boot(root);
    const button = await screen.findByRole('button', { name: 'Inloggen' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het inlogvenster is gesloten voordat het inloggen klaar was. Probeer het opnieuw.',
    );
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled();
    expect(fakeConsole.renderConsole).not.toHaveBeenCalled();
  });

  it('closes the popup, logs and explains when the console cannot start for the sign-in', async () => {
    installDemoPlatform();
    const { popup } = installFakeSignInPopup();
    fakeConsole.startConsoleOnce.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fakeConsole.signInErrorMessageKey.mockReturnValueOnce('app.login.error.network');
    void boot(root);
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('De inlogdienst is niet bereikbaar.');
    expect(popup.close).toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith('The console could not start', expect.any(TypeError));
    expect(fakeConsole.login).not.toHaveBeenCalled();
  });

  it('says so in Dutch when the browser blocks the popup', async () => {
    installDemoPlatform();
    installFakeSignInPopup({ blocked: true });
    void boot(root);
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Het inlogvenster kon niet worden geopend.');
    expect(fakeConsole.login).not.toHaveBeenCalled();
  });

  it('signs in by redirect on a phone, without a popup', async () => {
    setViewport(390);
    installDemoPlatform();
    const { open } = installFakeSignInPopup();
    fakeConsole.login.mockReturnValue(new Promise<never>(() => {}));
    void boot(root);
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    await vi.waitFor(() =>
      expect(fakeConsole.login).toHaveBeenCalledWith({ returnTo: undefined, popup: undefined }),
    );
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Bezig met inloggen…' })).toBeDisabled();
  });

  it('explains in Dutch when the platform cannot be reached, and retries', async () => {
    const demoFetch = installDemoPlatform().fetch.getMockImplementation()!;
    let reachable = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((...args: Parameters<typeof fetch>) =>
        reachable ? demoFetch(...args) : Promise.reject(new TypeError('offline')),
      ),
    );
    void boot(root);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Het platform is niet bereikbaar')).toBeInTheDocument();

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.queryByText('Het platform is niet bereikbaar')).toBeNull();
  });

  it('tries again by itself, waiting longer after each failure, and at once when the browser is online again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const demoFetch = installDemoPlatform().fetch.getMockImplementation()!;
    let reachable = false;
    const infoCalls = vi.fn((...args: Parameters<typeof fetch>) =>
      reachable ? demoFetch(...args) : Promise.reject(new TypeError('offline')),
    );
    vi.stubGlobal('fetch', infoCalls);
    void boot(root);
    expect(await screen.findByText('We proberen het binnen 2 seconden vanzelf opnieuw.')).toBeInTheDocument();
    expect(infoCalls).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Het platform is niet bereikbaar');

    await vi.advanceTimersByTimeAsync(2000);
    expect(await screen.findByText('We proberen het binnen 4 seconden vanzelf opnieuw.')).toBeInTheDocument();
    expect(infoCalls).toHaveBeenCalledTimes(2);
    // The same failure again is shown, not announced again.
    expect(screen.queryByRole('alert')).toBeNull();

    // Back online: asked again without waiting the 4 seconds, and only once.
    reachable = true;
    window.dispatchEvent(new Event('online'));
    expect(infoCalls).toHaveBeenCalledTimes(3);
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.queryByText('Het platform is niet bereikbaar')).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(infoCalls).toHaveBeenCalledTimes(3);
  });

  it('waits half a minute after a 429, and retries nothing once its screen is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const infoCalls = vi.fn(async () =>
      Response.json({ message: 'Te veel verzoeken. Probeer het over een minuut opnieuw.' }, { status: 429 }),
    );
    vi.stubGlobal('fetch', infoCalls);
    void boot(root);
    expect(
      await screen.findByText('We proberen het binnen 30 seconden vanzelf opnieuw.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Te veel verzoeken. Probeer het over een minuut opnieuw.')).toBeInTheDocument();

    root.remove();
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('online'));
    expect(infoCalls).toHaveBeenCalledTimes(1);
  });

  it('starts a signed-in console with the info it had when the server refuses the call (429)', async () => {
    installDemoPlatform();
    signInSession([zuiderveen]);
    await boot(root);
    root.replaceChildren();
    // The office behind this address asked too often: a reload is refused.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { status: 429, message: 'Te veel verzoeken. Probeer het over 30 seconden opnieuw.' },
          { status: 429 },
        ),
      ),
    );
    await boot(root);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fakeConsole.renderConsole).toHaveBeenCalledTimes(2);
    await fakeConsole.renderConsole.mock.calls[1][1]();
    expect(fakeConsole.startConsoleOnce).toHaveBeenLastCalledWith({ info: embeddedInfo });
  });

  it('explains a refusal (429) in Dutch when no info was had before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 429, message: 'Te veel verzoeken.' }, { status: 429 })),
    );
    void boot(root);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Het platform is niet bereikbaar')).toBeInTheDocument();
    expect(fakeConsole.renderConsole).not.toHaveBeenCalled();
  });

  it("shows the server's own explanation when the platform has no environment yet (503)", async () => {
    const notSetUp =
      'Het platform is nog niet ingericht: er is nog geen omgeving. Vraag de beheerder van het platform om een omgeving aan te maken.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 503, message: notSetUp }, { status: 503 })),
    );
    void boot(root);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(notSetUp)).toBeInTheDocument();
    expect(within(alert).queryByText(/Controleer je verbinding/)).toBeNull();
  });
});
