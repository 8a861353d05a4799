import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberRoleName } from '@contract/memberRoles';
import { usePermissions, type AuthProvider } from 'react-admin';
import { createMemberAccess, type MemberPermissions } from '../../src/authProvider/memberAccess';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { accessOfCall, endpointOfCall } from '../../src/declarative/declaredOperation';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { resources } from '../../src/resources';
import { jobs } from '../../src/resources/jobs';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId, testToken } from './support/declarativeTestApp';

const scoped = (path: string) => `/api/1/${testEnvironmentId}${path}`;

/** What react-admin's permissions say the role is, on the page, so a test knows the role has arrived. */
function RoleProbe() {
  const { permissions } = usePermissions<MemberPermissions>();
  return <p>{permissions ? `Rol: ${permissions.role}` : 'Rol onbekend'}</p>;
}

interface Thing {
  id: string;
  name: string;
}

/** The copies of a thing, made on a page of their own (a Redacteur's call). */
const copies = defineResource<Thing>()({
  name: 'copies',
  label: { one: 'Kopie', many: 'Kopieën' },
  recordRepresentation: 'name',
  api: { create: { method: 'POST', path: '/publications/{id}/duplicate' } },
  fields: [{ source: 'name', label: 'Naam', kind: 'text' }],
  views: {},
});

/**
 * A declared resource over real operations of the contract, each needing another role: reading
 * (Lezer), creating, editing, copying and deleting (Redacteur), and cancelling a job (Verzender).
 */
const things = defineResource<Thing>()({
  name: 'things',
  label: { one: 'Ding', many: 'Dingen' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/publications/' },
    getOne: { method: 'GET', path: '/publications/{id}' },
    create: { method: 'POST', path: '/publications/', body: ['name'] },
    update: { method: 'PUT', path: '/publications/{id}', body: ['name'] },
    delete: { method: 'DELETE', path: '/publications/{id}' },
    actions: {
      duplicate: { method: 'POST', path: '/publications/{id}/duplicate' },
      cancel: { method: 'POST', path: '/deliveryjobs/{id}/cancel' },
    },
  },
  fields: [{ source: 'name', label: 'Naam', kind: 'text' }],
  views: {
    list: {
      title: 'Dingen',
      columns: ['name'],
      search: false,
      delete: {},
      rowClick: 'edit',
      rowActions: [{ label: 'Kopiëren', run: { action: 'duplicate' } }],
    },
    show: {
      notFound: 'Bestaat niet',
      sections: [{ component: RoleProbe }],
      actions: [
        {
          label: 'Stoppen',
          run: { action: 'cancel' },
          whenDenied: { reason: 'Alleen een %{roles} kan stoppen.' },
        },
        { label: 'Aanpassen', form: 'edit' },
        { label: 'Weggooien', delete: { redirect: '/things' } },
        // A link to a page that copies: it follows the role of the copy.
        {
          label: 'Naar kopiëren',
          to: (thing) => `/things/${thing.id}/copy`,
          leadsTo: { resource: copies, call: 'create' },
        },
      ],
    },
    create: { as: 'slideOver', title: 'Nieuw ding', fields: ['name'] },
    edit: { as: 'slideOver', title: 'Ding aanpassen', fields: ['name'] },
  },
  routes: { list: '/things', show: '/things/:id' },
});

/** The console's authProvider access control over the real HTTP layer; the member's role is `role`. */
function memberOfRole(role: MemberRoleName) {
  const fetched = mockFetch((request) => {
    if (request.path === scoped('/platform/me')) return jsonAnswer({ platformAdmin: false, role });
    if (request.path === scoped('/publications/'))
      return jsonAnswer({ data: [{ id: 'p1', name: 'Wijkkrant' }], total: 1 });
    if (request.path === scoped('/publications/p1')) return jsonAnswer({ id: 'p1', name: 'Wijkkrant' });
    return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
  });
  const http = createHttpClient({
    baseUrl: '',
    getAccessToken: async () => testToken,
    getEnvironmentId: () => testEnvironmentId,
  });
  const access = createMemberAccess(http, [things]);
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    canAccess: access.canAccess,
    getPermissions: access.getPermissions,
  };
  return { ...fetched, authProvider };
}

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contract table as the console reads it', () => {
  it('knows the operation of every endpoint every declared resource calls', () => {
    const unknown = resources.flatMap((declaration) => {
      const calls = [
        'list',
        'show',
        'create',
        'edit',
        'delete',
        ...Object.keys(declaration.api.actions ?? {}),
      ];
      return calls
        .filter((call) => endpointOfCall(declaration, call) && !accessOfCall(declaration, call))
        .map((call) => `${declaration.name}.${call}`);
    });
    expect(unknown).toEqual([]);
  });

  it('names the least role of a declared call from the table', () => {
    expect(accessOfCall(jobs, 'create')).toBe('sender');
    expect(accessOfCall(things, 'duplicate')).toBe('editor');
    expect(accessOfCall(things, 'list')).toBe('reader');
  });

  it("answers react-admin's canAccess from the member's role", async () => {
    const { authProvider } = memberOfRole('editor');
    expect(await authProvider.canAccess?.({ resource: 'things', action: 'edit' })).toBe(true);
    expect(await authProvider.canAccess?.({ resource: 'things', action: 'cancel' })).toBe(false);
    expect(await authProvider.getPermissions?.({})).toEqual({ role: 'editor', platformAdmin: false });
  });
});

describe('declared actions as the role allows', { timeout: 60_000 }, () => {
  it('shows a Redacteur the buttons of the table', async () => {
    const { authProvider } = memberOfRole('editor');
    renderDeclarative([things], { path: '/things', authProvider });
    expect(await screen.findByRole('button', { name: 'Nieuw ding' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Verwijderen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kopiëren' })).toBeInTheDocument();
  });

  it("disables a Redacteur's 'Stoppen' with the reason naming the roles that may", async () => {
    const user = userEvent.setup();
    const { authProvider, sent } = memberOfRole('editor');
    renderDeclarative([things], { path: '/things/p1', authProvider });
    const stop = await screen.findByRole('button', { name: 'Stoppen' });
    expect(stop).toHaveAttribute('aria-disabled', 'true');
    expect(stop).toHaveAccessibleDescription('Alleen een Verzender of Beheerder kan stoppen.');
    await user.click(stop);
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Aanpassen' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Weggooien' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar kopiëren' })).toBeInTheDocument();
  });

  it("gives a Verzender 'Stoppen' enabled", async () => {
    const { authProvider } = memberOfRole('sender');
    renderDeclarative([things], { path: '/things/p1', authProvider });
    const stop = await screen.findByRole('button', { name: 'Stoppen' });
    expect(stop).not.toHaveAttribute('aria-disabled');
  });

  it('shows a Lezer no action on the detail page, not even a disabled one', async () => {
    const { authProvider } = memberOfRole('reader');
    renderDeclarative([things], { path: '/things/p1', authProvider });
    // The page's own probe shows the role once react-admin's permissions hold it.
    expect(await screen.findByText('Rol: reader')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stoppen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aanpassen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Weggooien' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Naar kopiëren' })).not.toBeInTheDocument();
  });

  it("shows a Lezer the table without create, delete or row actions, and a row's panel that cannot save", async () => {
    const user = userEvent.setup();
    const { authProvider, sent } = memberOfRole('reader');
    renderDeclarative([things], { path: '/things', authProvider });
    await user.click(await screen.findByText('Wijkkrant'));
    const panel = await screen.findByRole('dialog', { name: 'Ding aanpassen' });
    const save = await within(panel).findByRole('button', { name: 'Opslaan' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription('Alleen een Redacteur, Verzender of Beheerder kan dit opslaan.');
    await user.type(within(panel).getByLabelText(/Naam/), ' nieuw{Enter}');
    await user.click(save);
    await waitFor(() => expect(within(panel).getByLabelText(/Naam/)).toHaveValue('Wijkkrant nieuw'));
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    // The role is known now (the panel says so): the table offers a Lezer no create, delete or row action.
    expect(screen.queryByRole('button', { name: 'Nieuw ding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kopiëren' })).not.toBeInTheDocument();
  });
});
