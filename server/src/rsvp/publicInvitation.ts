import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/preparedQuery';
import { rsvpEvents, rsvpInvitees } from '../db/schema';
import { linkExpired } from './eventRules';
import { rsvpKey, verifyRsvpToken } from './rsvpToken';

export type InvitationEvent = typeof rsvpEvents.$inferSelect;
export type Invitee = typeof rsvpInvitees.$inferSelect;

/**
 * The invitee a personal link stands for, by its token alone (no query): undefined for a forged or altered
 * token or one of another publication. Checked before anything else is read for the request.
 */
export async function inviteeOfToken(
  db: Database,
  ids: { environmentId: string; publicationId: string },
  token: string,
): Promise<number | undefined> {
  return verifyRsvpToken(await rsvpKey(db), ids.environmentId, ids.publicationId, token);
}

/** The invitee with its event (on), prepared once: every request of the answer page asks it. */
const invitationQuery = preparedPerDatabase((db) =>
  db
    .select({ invitee: rsvpInvitees, event: rsvpEvents })
    .from(rsvpInvitees)
    .innerJoin(rsvpEvents, eq(rsvpEvents.publicationId, rsvpInvitees.publicationId))
    .where(
      and(
        eq(rsvpInvitees.id, sql.placeholder('inviteeId')),
        eq(rsvpInvitees.publicationId, sql.placeholder('publicationId')),
        eq(rsvpInvitees.environmentId, sql.placeholder('environmentId')),
        eq(rsvpEvents.enabled, true),
      ),
    )
    .prepare('rsvp_invitation'),
);

/**
 * The invitee and event of a genuine token's invitee (inviteeOfToken), or undefined for anything that must
 * look like a dead link: an invitee or invitation that is gone or switched off, or a link more than 30 days
 * after the event.
 */
export async function invitationOf(
  db: Database,
  ids: { environmentId: string; publicationId: string },
  inviteeId: number,
  now: Date,
): Promise<{ invitee: Invitee; event: InvitationEvent } | undefined> {
  const [found] = await invitationQuery(db).execute({ inviteeId, ...ids });
  if (!found || linkExpired(found.event, now)) return undefined;
  return found;
}
