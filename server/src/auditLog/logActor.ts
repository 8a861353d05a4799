import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { TokenUser } from '../identity';
import type { LogActor } from './recordInLog';

/** The member a scoped request works for, as the Logboek names them. */
export function logActorOf(request: FastifyRequest): LogActor {
  return { userId: request.user.id, name: request.user.name || request.user.username };
}

/**
 * A platform administrator, who need not be a member of any environment: their user row when they
 * have signed in before (so the member filter finds them), else only their name.
 */
export async function platformActorOf(db: Database, token: TokenUser): Promise<LogActor> {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(eq(users.identityIssuer, token.identity.issuer), eq(users.identitySubject, token.identity.subject)),
    )
    .limit(1);
  return { userId: user?.id ?? null, name: user?.name || token.name || token.username };
}

/** The platform's command line (npm run admin), which runs as nobody in particular. */
export const commandLineActor: LogActor = { userId: null, name: 'Beheeropdracht (npm run admin)' };

/** A member known by id only (a decision taken earlier, a request's author), as the Logboek names them. */
export async function logActorOfUser(db: Pick<Database, 'select'>, userId: string): Promise<LogActor> {
  const [user] = await db
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { userId, name: user?.name || user?.username || 'Onbekend lid' };
}
