import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformEnvironment, PlatformMember } from '@contract/platform';
import { platformEnvironments } from '../../src/resources/platformEnvironments';
import { platformMembers } from '../../src/resources/platformMembers';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';

const scoped = (path: string) => `/api/1/${testEnvironmentId}${path}`;
const noord = 'aaaaaaaa-0000-4000-8000-000000000001';

/** The platform administration API as the server answers it, kept in memory. */
function fakePlatformApi() {
  const environments: PlatformEnvironment[] = [
    { id: noord, name: 'Gemeente Noord', isDefault: true, memberCount: 1, theme: null },
  ];
  const members: PlatformMember[] = [
    { id: 'u1', username: 'sara@noord.example', name: 'Sara Noord', signedIn: true, role: 'administrator' },
  ];
  return mockFetch((request: SentRequest) => {
    if (request.path === scoped('/platform/environments') && request.method === 'GET') {
      return jsonAnswer(environments);
    }
    if (request.path === scoped('/platform/environments') && request.method === 'POST') {
      const { name, primaryColor } = request.json() as { name: string; primaryColor: string };
      const created = {
        id: 'new-env',
        name,
        isDefault: false,
        memberCount: 0,
        theme: { name, primaryColor },
      };
      environments.push(created);
      return jsonAnswer(created, { status: 201 });
    }
    if (request.path === scoped(`/platform/environments/${noord}/members`) && request.method === 'GET') {
      return jsonAnswer(members);
    }
    if (request.path === scoped(`/platform/environments/${noord}/members`) && request.method === 'POST') {
      const { email, role } = request.json() as Pick<PlatformMember, 'role'> & { email: string };
      const member = { id: 'u2', username: email, name: null, signedIn: false, role };
      members.push(member);
      return jsonAnswer(member);
    }
    return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
  });
}

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// A long user flow in jsdom: the default 5 s is too short when both cores are busy (npm test's other lane).
describe('platform administration in the console', { timeout: 60_000 }, () => {
  it('lists environments, creates one with its colour, and adds a member to one by e-mail', async () => {
    const user = userEvent.setup();
    const { sent } = fakePlatformApi();
    renderDeclarative([platformEnvironments, platformMembers], { path: '/platform/environments' });

    expect(await screen.findByText('Gemeente Noord')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuwe omgeving' }));
    const createPanel = await screen.findByRole('dialog', { name: 'Nieuwe omgeving' });
    await user.type(within(createPanel).getByLabelText(/Naam/), 'Waterschap Zuid');
    await user.click(within(createPanel).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Waterschap Zuid')).toBeInTheDocument();
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.json()).toEqual({ name: 'Waterschap Zuid', primaryColor: '#1f5fa8' });

    await user.click(screen.getByText('Gemeente Noord'));
    expect(await screen.findByRole('heading', { name: 'Gemeente Noord' })).toBeInTheDocument();
    expect(await screen.findByText('sara@noord.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lid toevoegen' }));
    const memberPanel = await screen.findByRole('dialog', { name: 'Lid toevoegen' });
    await user.type(within(memberPanel).getByLabelText(/E-mailadres/), 'piet@noord.example');
    await user.click(within(memberPanel).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('piet@noord.example')).toBeInTheDocument();
    const added = sent.filter((request) => request.method === 'POST').at(-1);
    expect(added?.path).toBe(scoped(`/platform/environments/${noord}/members`));
    // A new member is a Beheerder unless another role is chosen.
    expect(added?.json()).toEqual({ email: 'piet@noord.example', role: 'administrator' });
  });

  it('refuses a colour that is not #rrggbb before sending anything', async () => {
    const user = userEvent.setup();
    const { sent } = fakePlatformApi();
    renderDeclarative([platformEnvironments, platformMembers], { path: '/platform/environments' });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe omgeving' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe omgeving' });
    await user.type(within(panel).getByLabelText(/Naam/), 'X');
    const color = within(panel).getByLabelText(/Hoofdkleur/);
    await user.clear(color);
    await user.type(color, 'rood');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Kies een kleur zoals #1f5fa8')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });
});
