import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { UserDirectory } from '../identity';
import { demoUsers } from '../seed/ids';
import { findUserByUsername } from './registerUser';

/** The platform's user store as the identity module sees it: known users may sign in, demo users get buttons. */
export function createUserDirectory(db: Database): UserDirectory {
  return {
    async findUserName(email) {
      const user = await findUserByUsername(db, email);
      return user ? (user.name ?? '') : undefined;
    },
    async listDemoUsers() {
      const demoUsernames = Object.values(demoUsers).map((user) => user.username);
      const rows = await db
        .select({ username: users.username, name: users.name })
        .from(users)
        .where(inArray(users.username, demoUsernames))
        .orderBy(users.username);
      return rows.map((row) => ({ email: row.username, name: row.name ?? row.username }));
    },
  };
}
