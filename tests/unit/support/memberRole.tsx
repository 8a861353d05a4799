import { QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import type { MemberRoleName } from '@contract/memberRoles';
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin';
import type { MemberPermissions } from '../../../src/authProvider/memberAccess';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { resources } from '../../../src/resources';
import { createTestDataProvider } from './declarativeTestApp';

/**
 * A member of the role in the selected environment, as react-admin's permissions answer it (what
 * GET /platform/me tells the console's authProvider), with the cache that holds the answer, so a test
 * can wait until the role has arrived before it looks for what is absent.
 */
export function memberOfRole(role: MemberRoleName) {
  const permissions: MemberPermissions = { role, platformAdmin: false };
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  /** Resolves once react-admin holds the role (usePermissions' query has answered). */
  const roleKnown = () =>
    waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: ['auth', 'getPermissions'] })
          .map((query) => query.state.status),
      ).toContain('success'),
    );
  return { authProvider, queryClient, roleKnown };
}

/** Renders one custom component in react-admin's context for a member of the role; resolves once the role is known. */
export async function renderWithRole(ui: ReactNode, role: MemberRoleName) {
  const member = memberOfRole(role);
  const view = render(
    <AdminContext
      authProvider={member.authProvider}
      dataProvider={createTestDataProvider(resources)}
      i18nProvider={i18nProvider}
      queryClient={member.queryClient}
      store={memoryStore()}
    >
      {ui}
    </AdminContext>,
  );
  await member.roleKnown();
  return view;
}
