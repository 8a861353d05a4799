import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/layout/Layout';
import { installDemoPlatform } from './support/demoPlatform';
import { renderInConsole } from './support/renderInConsole';
import { cultuurhuis, signInSession, waterschap, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

const app = (
  <Layout>
    <p>De app</p>
  </Layout>
);

let server: ReturnType<typeof installDemoPlatform>;

beforeEach(() => {
  setViewport(1366);
  server = installDemoPlatform();
  signInSession([zuiderveen, cultuurhuis, waterschap], { environmentId: waterschap.environment.id });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openOnboarding() {
  await renderInConsole(app);
  expect(
    await screen.findByRole('heading', { name: 'Welkom bij Waterschap Lage Landen' }),
  ).toBeInTheDocument();
}

describe('onboarding', () => {
  it('replaces the app when the environment has no theme', async () => {
    await openOnboarding();
    expect(screen.queryByText('De app')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();
    expect(screen.getByLabelText(/Naam van het thema/)).toHaveValue('Waterschap Lage Landen');
    expect(screen.getByLabelText(/^Primaire kleur/)).toHaveValue('#1f5fa8');
  });

  it('requires a name', async () => {
    await openOnboarding();
    await userEvent.clear(screen.getByLabelText(/Naam van het thema/));
    await userEvent.click(screen.getByRole('button', { name: 'Thema aanmaken' }));
    expect(await screen.findByText('Naam is een verplicht veld')).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('requires a colour in the form #rrggbb', async () => {
    await openOnboarding();
    const colour = screen.getByLabelText(/^Primaire kleur/);
    await userEvent.clear(colour);
    await userEvent.type(colour, 'blauw');
    await userEvent.click(screen.getByRole('button', { name: 'Thema aanmaken' }));
    expect(
      await screen.findByText('Kies een kleur in de vorm #rrggbb, bijvoorbeeld #1f5fa8.'),
    ).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates the theme and then shows the app', async () => {
    await openOnboarding();
    const name = screen.getByLabelText(/Naam van het thema/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Waterschap huisstijl');
    const colour = screen.getByLabelText(/^Primaire kleur/);
    await userEvent.clear(colour);
    await userEvent.type(colour, '#0a7f5a');
    await userEvent.click(screen.getByRole('button', { name: 'Thema aanmaken' }));

    expect(await screen.findByText('De app')).toBeInTheDocument();
    const create = server.requests.find((request) => request.method === 'POST');
    expect(create?.path).toBe(`/api/1/${waterschap.environment.id}/themes`);
    expect(create?.body).toEqual({ name: 'Waterschap huisstijl', primaryColor: '#0a7f5a' });
    expect(create?.headers.get('X-Environment-Id')).toBe(waterschap.environment.id);
    expect(screen.getByTestId('environment-name')).toHaveTextContent('Waterschap Lage Landen');
  });

  it('lets a user with other environments go to one of them instead', async () => {
    await openOnboarding();
    const others = screen.getByText('Of ga naar een andere omgeving:').parentElement as HTMLElement;
    expect(within(others).queryByText('Waterschap Lage Landen')).toBeNull();
    await userEvent.click(within(others).getByText('Stichting Cultuurhuis Noord'));
    expect(await screen.findByText('De app')).toBeInTheDocument();
    expect(screen.getByTestId('environment-name')).toHaveTextContent('Stichting Cultuurhuis Noord');
  });
});
