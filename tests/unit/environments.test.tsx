import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../../src/authProvider/session';
import { EnvironmentsPage } from '../../src/environments/EnvironmentsPage';
import { environmentLogoUrl } from '../../src/environments/environmentLogoUrl';
import { Layout } from '../../src/layout/Layout';
import { installDemoPlatform } from './support/demoPlatform';
import { renderInConsole } from './support/renderInConsole';
import { cultuurhuis, signInSession, waterschap, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

let server: ReturnType<typeof installDemoPlatform>;

beforeEach(() => {
  setViewport(1366);
  server = installDemoPlatform();
  signInSession([zuiderveen, cultuurhuis, waterschap]);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('environment logo URL', () => {
  it('asks the image CDN for the logo as a PNG, cropped to the requested size', () => {
    expect(environmentLogoUrl('/cdn', 'env-1', 'file-1')).toBe('/cdn/env-1/file-1.png?w=80&h=80&mode=crop');
    expect(environmentLogoUrl('https://cdn.example.org', 'env-1', 'file-1', 40)).toBe(
      'https://cdn.example.org/env-1/file-1.png?w=40&h=40&mode=crop',
    );
  });

  it('keeps an extension the server gives', () => {
    expect(environmentLogoUrl('/cdn', 'env-1', 'file-1.svg')).toBe(
      '/cdn/env-1/file-1.svg?w=80&h=80&mode=crop',
    );
  });
});

describe('/environments', () => {
  const openEnvironments = () =>
    renderInConsole(
      <Layout>
        <EnvironmentsPage />
      </Layout>,
      { path: '/environments' },
    );

  it('lists the available environments with their logo and name, the current one marked', async () => {
    await openEnvironments();
    const main = await screen.findByRole('main');
    await within(main).findByText('Stichting Cultuurhuis Noord');
    const cards = within(main).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/Gemeente|Stichting|Waterschap/).textContent)).toEqual([
      'Gemeente Zuiderveen',
      'Stichting Cultuurhuis Noord',
      'Waterschap Lage Landen',
    ]);
    expect(within(cards[0]).getByRole('img', { name: 'Logo van Gemeente Zuiderveen' })).toHaveAttribute(
      'src',
      expect.stringContaining(`/cdn/${zuiderveen.environment.id}/`),
    );
    expect(within(cards[1]).getByRole('img', { name: 'Geen logo' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('Huidige omgeving')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Openen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Omgevingen' })).toBeInTheDocument();
  });

  it('switches: the sidebar shows the new name, the data reloads for it and the user lands on Publicaties', async () => {
    await openEnvironments();
    const main = await screen.findByRole('main');
    await userEvent.click(await within(main).findByText('Stichting Cultuurhuis Noord'));

    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/publications/'));
    expect(screen.getByTestId('environment-name')).toHaveTextContent('Stichting Cultuurhuis Noord');
    expect(readSession().environmentId).toBe(cultuurhuis.environment.id);
    await vi.waitFor(() =>
      expect(
        server.requests.some((request) => request.path === `/api/1/${cultuurhuis.environment.id}/themes`),
      ).toBe(true),
    );
    const themes = server.requests.filter(
      (request) => request.path === `/api/1/${cultuurhuis.environment.id}/themes`,
    );
    expect(themes.at(-1)?.headers.get('X-Environment-Id')).toBe(cultuurhuis.environment.id);
    expect(await screen.findByText('Je werkt nu in Stichting Cultuurhuis Noord.')).toBeInTheDocument();
  });
});
