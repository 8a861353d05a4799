import type { Account } from 'oidc-provider';

/** What the identity module needs from the platform's user store. */
export interface UserDirectory {
  /** The display name of the user with this e-mail address, or undefined when there is no such user. */
  findUserName(email: string): Promise<string | undefined>;
  /** The seeded demo users, shown as one-click buttons on the sign-in page (optional). */
  listDemoUsers?(): Promise<{ email: string; name: string }[]>;
}

export interface KnownAccount {
  email: string;
  name: string;
}

/**
 * The embedded provider's subject (`sub`) is the lower-cased e-mail address: the platform's users are
 * keyed by it, and it needs no lookup table of its own, so it survives restarts.
 */
export function accountIdFor(email: string): string {
  return email.trim().toLowerCase();
}

/** The platform user behind an account id, or undefined when the address is unknown. */
export async function findKnownAccount(
  users: UserDirectory,
  accountId: string,
): Promise<KnownAccount | undefined> {
  const email = accountIdFor(accountId);
  if (!email) return undefined;
  const name = await users.findUserName(email);
  return name === undefined ? undefined : { email, name: name || email };
}

/** The claims of the ID token and of the API's access token (`preferred_username` is what MSAL shows). */
export function accountClaims(account: KnownAccount) {
  return {
    preferred_username: account.email,
    email: account.email,
    email_verified: true,
    name: account.name,
  };
}

/** oidc-provider's findAccount: resolves a subject to its claims, or undefined (then no tokens are issued). */
export function providerAccountFinder(users: UserDirectory) {
  return async (_ctx: unknown, accountId: string): Promise<Account | undefined> => {
    const account = await findKnownAccount(users, accountId);
    if (!account) return undefined;
    return { accountId: account.email, claims: () => ({ sub: account.email, ...accountClaims(account) }) };
  };
}
