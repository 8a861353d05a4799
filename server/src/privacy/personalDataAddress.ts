import type { Database } from '../db/client';
import { personalDataKey, signPersonalToken } from './personalDataToken';

// Where a resident sees, downloads and erases what an environment holds on them: `/g/{environmentId}/{token}`.

export const personalDataPrefix = '/g';

/** The page's address for one person of one environment. */
export type PersonalDataAddress = (environmentId: string, email: string) => string;

export function personalDataPath(environmentId: string, token: string): string {
  return `${personalDataPrefix}/${environmentId}/${token}`;
}

/**
 * `personalDataAddress(environmentId, email)`, the page's full URL, for links in messages and on the
 * preference page; the key is read once, so building a link is then a signature and no query.
 */
export async function personalDataAddresses(db: Database, publicUrl: string): Promise<PersonalDataAddress> {
  const key = await personalDataKey(db);
  return (environmentId, email) =>
    `${publicUrl}${personalDataPath(environmentId, signPersonalToken(key, environmentId, email))}`;
}
