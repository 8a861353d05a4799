import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/layout/Layout';
import { Menu } from '../../src/layout/Menu';
import { PageHeader } from '../../src/layout/PageHeader';
import { SidebarHeader } from '../../src/layout/SidebarHeader';
import { isActivePath } from '../../src/layout/isActivePath';
import { installDemoPlatform } from './support/demoPlatform';
import { renderInConsole } from './support/renderInConsole';
import { cultuurhuis, signInSession, waterschap, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

const menuLabels = (navigation: HTMLElement) =>
  within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  setViewport(1366);
  installDemoPlatform();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('active menu entry', () => {
  it('matches the current path on segment boundaries', () => {
    expect(isActivePath('/recievers/lists/abc', '/recievers')).toBe(true);
    expect(isActivePath('/publications/', '/publications')).toBe(true);
    expect(isActivePath('/publications', '/publications/')).toBe(true);
    expect(isActivePath('/media/Media/Logo’s', '/media')).toBe(true);
    expect(isActivePath('/mediaplan', '/media')).toBe(false);
    expect(isActivePath('/forms', '/publications')).toBe(false);
  });
});

describe('menu', () => {
  it('lists the areas in the spec’s order with Instellingen pinned at the bottom', async () => {
    signInSession([zuiderveen]);
    await renderInConsole(<Menu />);
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(menuLabels(navigation)).toEqual([
      'Publicaties',
      'Ontvangers',
      'Media',
      'Formulieren',
      'Journeys',
      'Jobs',
      'Goed te keuren',
      'Instellingen',
      'Leden',
      'Logboek',
    ]);
    const [areas, bottom] = within(navigation).getAllByRole('list');
    expect(within(bottom).getByRole('link', { name: 'Instellingen' })).toHaveAttribute('href', '/settings');
    expect(within(areas).queryByRole('link', { name: 'Instellingen' })).toBeNull();
  });

  it('shows Omgevingen only to a user with more than one environment', async () => {
    signInSession([zuiderveen, cultuurhuis, waterschap]);
    await renderInConsole(<Menu />);
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(navigation).getByRole('link', { name: 'Omgevingen' })).toHaveAttribute(
      'href',
      '/environments',
    );
  });

  it('has no Omgevingen entry with a single environment', async () => {
    signInSession([zuiderveen]);
    await renderInConsole(<Menu />);
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(screen.queryByRole('link', { name: 'Omgevingen' })).toBeNull();
  });

  it('highlights the entry whose path the location lies under', async () => {
    signInSession([zuiderveen]);
    await renderInConsole(<Menu />, { path: '/recievers/lists/abc' });
    const receivers = await screen.findByRole('link', { name: 'Ontvangers' });
    expect(receivers).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Publicaties' })).not.toHaveAttribute('aria-current');
    expect(
      screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  });
});

describe('sidebar header', () => {
  it('shows the environment’s name and its logo from the image CDN at 80x80', async () => {
    signInSession([zuiderveen]);
    await renderInConsole(<SidebarHeader />);
    expect(await screen.findByText('Gemeente Zuiderveen')).toBeInTheDocument();
    const logo = screen.getByRole('img', { name: 'Logo van Gemeente Zuiderveen' });
    expect(logo).toHaveAttribute(
      'src',
      `/cdn/${zuiderveen.environment.id}/${zuiderveen.theme?.fileIdToLogo}.png?w=80&h=80&mode=crop`,
    );
    expect(logo).toHaveAttribute('width', '80');
  });

  it('shows a neutral placeholder for an environment without a logo', async () => {
    signInSession([cultuurhuis]);
    await renderInConsole(<SidebarHeader />);
    expect(await screen.findByText('Stichting Cultuurhuis Noord')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Geen logo' })).toBeInTheDocument();
  });
});

describe('shell', () => {
  it('shows the sidebar next to the page on a desktop', async () => {
    signInSession([zuiderveen]);
    await renderInConsole(
      <Layout>
        <p>Pagina-inhoud</p>
      </Layout>,
    );
    expect(await screen.findByText('Pagina-inhoud')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Menu openen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
  });

  it('slides the menu in from a floating button below 900 px and closes it on a choice', async () => {
    setViewport(390);
    signInSession([zuiderveen]);
    await renderInConsole(
      <Layout>
        <p>Pagina-inhoud</p>
      </Layout>,
    );
    await screen.findByText('Pagina-inhoud');
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Menu openen' }));
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await userEvent.click(within(navigation).getByRole('link', { name: 'Media' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/media');
    await vi.waitFor(() => expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull());
  });
});

describe('page header', () => {
  it('names the spinner it shows while data loads (a progressbar without a name is an axe finding)', async () => {
    signInSession([zuiderveen]);
    // A read that never answers keeps react-admin's loading indicator spinning.
    function PendingRead() {
      useQuery({ queryKey: ['pending'], queryFn: () => new Promise<never>(() => {}) });
      return null;
    }
    await renderInConsole(
      <>
        <PageHeader />
        <PendingRead />
      </>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Aan het laden' })).toBeInTheDocument();
  });
});
