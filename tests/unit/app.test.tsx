import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/App';
import { forgetCachedSession } from '../../src/authProvider/session';
import { nl } from '../../src/i18n/nl';
import { pages } from '../../src/resources';
import { startConsole } from '../../src/startConsole';
import { installDemoPlatform } from './support/demoPlatform';
import { accountFor, createFakeMsal } from './support/fakeMsal';
import { signInSession, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

/** Renders the whole console at `path`, started by the real startConsole with a stand-in for MSAL. */
function renderApp(path: string, { signedIn }: { signedIn: boolean }) {
  window.history.replaceState(null, '', path);
  const { fake, msal } = createFakeMsal();
  if (signedIn) fake.setActiveAccount(accountFor('anne@voorbeeld.nl'));
  const start = () => startConsole({ baseUrl: '', createMsal: () => msal });
  render(<App start={start} />);
  return fake;
}

/** Waits for the page's title in the header bar, where react-admin's `<Title>` renders. */
async function expectPageTitle(title: string) {
  const heading = await screen.findByRole('heading', { level: 1 });
  await vi.waitFor(() => expect(heading).toHaveTextContent(title));
}

beforeEach(() => {
  setViewport(1366);
  sessionStorage.clear();
  forgetCachedSession();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('start', () => {
  it('shows a spinner while the environment info loads, then the login page', async () => {
    let answerInfo: () => void = () => {};
    const server = installDemoPlatform();
    const demoFetch = server.fetch.getMockImplementation();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (...args: Parameters<typeof fetch>) => {
        await new Promise<void>((resolve) => (answerInfo = resolve));
        return demoFetch!(...args);
      }),
    );
    renderApp('/publications/', { signedIn: false });
    expect(screen.getByRole('status')).toHaveTextContent('Het platform wordt geladen…');

    answerInfo();
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Digitaal publicatie platform' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('explains in Dutch when the platform cannot be reached, and retries', async () => {
    const server = installDemoPlatform();
    const demoFetch = server.fetch.getMockImplementation()!;
    let reachable = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((...args: Parameters<typeof fetch>) =>
        reachable ? demoFetch(...args) : Promise.reject(new TypeError('offline')),
      ),
    );
    renderApp('/publications/', { signedIn: false });
    expect(await screen.findByText('Het platform is niet bereikbaar')).toBeInTheDocument();

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
  });

  it('tries again by itself, waiting longer after each failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let starts = 0;
    const failingStart = () => {
      starts += 1;
      return Promise.reject(new TypeError('offline'));
    };
    render(<App start={failingStart} />);
    expect(await screen.findByText('We proberen het binnen 2 seconden vanzelf opnieuw.')).toBeInTheDocument();
    expect(starts).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('We proberen het binnen 4 seconden vanzelf opnieuw.')).toBeInTheDocument();
    expect(starts).toBe(2);
  });
});

describe('routes', () => {
  beforeEach(() => {
    installDemoPlatform();
    signInSession([zuiderveen]);
  });

  it("redirects '/' to /publications/", async () => {
    renderApp('/', { signedIn: true });
    await vi.waitFor(() => expect(window.location.pathname).toBe('/publications/'));
    expect(await screen.findByTestId('environment-name')).toHaveTextContent('Gemeente Zuiderveen');
  });

  it('opens a deep link after a reload, signed in and with its menu entry active', async () => {
    renderApp('/recievers/lists/abc', { signedIn: true });
    expect(await screen.findByTestId('environment-name')).toHaveTextContent('Gemeente Zuiderveen');
    expect(screen.getByRole('link', { name: 'Ontvangers' })).toHaveAttribute('aria-current', 'page');
    expect(window.location.pathname).toBe('/recievers/lists/abc');
    expect(screen.queryByText('Niet gevonden')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Inloggen' })).toBeNull();
  });

  // Routes an area's declaration provides are that area's to test; the rest show the placeholder.
  const placeholders = pages.flatMap((page) =>
    'notYetAvailable' in page ? [[page.path.replace(/:\w+/g, 'x1'), page.notYetAvailable]] : [],
  );

  it.each(placeholders)('shows a Dutch "not yet available" page for %s', async (path, area) => {
    renderApp(path, { signedIn: true });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Nog niet beschikbaar')).toBeInTheDocument();
    const areaTitle = (nl.app as Record<string, Record<string, { title: string }>>).areas[area].title;
    await expectPageTitle(areaTitle);
  });

  it('asks for the theme and the role on a reload before react-admin starts, once each', async () => {
    const steps: string[] = [];
    const answerOf = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'https://console.test').pathname;
      if (/\/(themes|platform\/me)$/.test(path)) steps.push(path.replace(/.*\/api\/1\/[^/]+\//, 'GET /'));
      return answerOf(input, init);
    });
    window.history.replaceState(null, '', '/recievers/lists/abc');
    const { fake, msal } = createFakeMsal();
    fake.setActiveAccount(accountFor('anne@voorbeeld.nl'));
    const start = async () => {
      const services = await startConsole({ baseUrl: '', createMsal: () => msal });
      const { checkAuth } = services.authProvider;
      services.authProvider.checkAuth = (params) => {
        steps.push('checkAuth');
        return checkAuth(params);
      };
      return services;
    };
    render(<App start={start} />);

    expect(await screen.findByTestId('environment-name')).toHaveTextContent('Gemeente Zuiderveen');
    // The shell's reads left with the page's own, not once react-admin had checked the session and
    // mounted the layout; the layout and the access checks took those answers.
    expect(steps.indexOf('checkAuth')).toBeGreaterThan(steps.indexOf('GET /themes'));
    expect(steps.indexOf('checkAuth')).toBeGreaterThan(steps.indexOf('GET /platform/me'));
    expect(steps.filter((step) => step === 'GET /themes')).toHaveLength(1);
    // The menu's platform entries take the platform role from the same read as the access checks.
    await screen.findByRole('link', { name: 'Ontvangers' });
    expect(steps.filter((step) => step === 'GET /platform/me')).toHaveLength(1);
  });

  it('shows the environments page', async () => {
    renderApp('/environments', { signedIn: true });
    await expectPageTitle('Omgevingen');
  });

  it('answers an unknown path with a Dutch page', async () => {
    renderApp('/bestaat-niet', { signedIn: true });
    expect(await screen.findByText('Niet gevonden')).toBeInTheDocument();
  });

  it('sends a visitor without a session to the login page', async () => {
    sessionStorage.clear();
    forgetCachedSession();
    renderApp('/recievers/lists/abc', { signedIn: false });
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});
