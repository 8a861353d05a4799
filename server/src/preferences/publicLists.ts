import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { lockAddress } from '../bounces/undeliverable';
import type { LogActor } from '../auditLog/recordInLog';
import type { Database } from '../db/client';
import { lists, subscribers } from '../db/schema/receivers';
import { qualifiedColumn } from '../receivers/qualifiedColumn';
import { deleteSubscriber, insertSubscriber } from '../receivers/subscriberWrites';

// The lists a person switches on and off on the preference page: the environment's lists marked
// 'Zichtbaar op voorkeurenpagina' (lists.is_public), not deleted. Membership is a subscriber row of the
// address (any case) in the list; switching a list on adds one, off removes it, through the same writes
// as the console's (counts, journeys' events, the subscriber's opens and clicks).

/** The Logboek's name for a change the recipient made on their own preference page. */
const recipientThemselves: LogActor = { userId: null, name: 'De ontvanger zelf (voorkeurenpagina)' };

/** At most this many lists are offered: a page a person can read, and a bounded save. */
export const maxPublicLists = 100;

export interface PublicListChoice {
  id: string;
  title: string;
  subscribed: boolean;
}

const sameAddress = (email: string) => sql`lower(${subscribers.email}) = lower(${email})`;

/** The environment's public lists, by title, each with whether the address is on it. */
export async function publicListsOf(
  db: Database,
  environmentId: string,
  email: string,
): Promise<PublicListChoice[]> {
  return db
    .select({
      id: lists.id,
      title: lists.title,
      subscribed: sql<boolean>`EXISTS (SELECT 1 FROM ${subscribers}
                                       WHERE ${qualifiedColumn(subscribers.listId)} = ${qualifiedColumn(lists.id)}
                                         AND lower(${qualifiedColumn(subscribers.email)}) = lower(${email}))`,
    })
    .from(lists)
    .where(and(eq(lists.environmentId, environmentId), eq(lists.isPublic, true), eq(lists.isDeleted, false)))
    .orderBy(sql`lower(${lists.title})`, lists.id)
    .limit(maxPublicLists);
}

/**
 * Puts the address on exactly the `chosen` public lists and takes it off the other public ones, in one
 * transaction (one address at a time); ids of lists that are not public (or another environment's) are
 * ignored, and lists that are not public are never touched. Answers the lists as they now stand.
 */
export async function saveListChoices(
  db: Database,
  environmentId: string,
  email: string,
  chosen: readonly string[],
): Promise<PublicListChoice[]> {
  const wanted = new Set(chosen.map((id) => id.toLowerCase()));
  await db.transaction(async (tx) => {
    await lockAddress(tx, environmentId, email);
    const offered = await publicListsOf(tx, environmentId, email);
    const toAdd = offered.filter((list) => !list.subscribed && wanted.has(list.id));
    const toRemove = offered.filter((list) => list.subscribed && !wanted.has(list.id));
    if (toAdd.length > 0) {
      const person = await personOf(tx, environmentId, email);
      for (const list of toAdd)
        await insertSubscriber(tx, environmentId, { ...person, listId: list.id, email });
    }
    if (toRemove.length > 0) {
      const rows = await tx
        .select({ id: subscribers.id, listId: subscribers.listId })
        .from(subscribers)
        .where(
          and(
            inArray(
              subscribers.listId,
              toRemove.map((list) => list.id),
            ),
            sameAddress(email),
          ),
        );
      const titles = new Map(toRemove.map((list) => [list.id, list.title]));
      for (const row of rows) {
        const list = { environmentId, id: row.listId, title: titles.get(row.listId) ?? '' };
        await deleteSubscriber(tx, list, row.id, recipientThemselves);
      }
    }
  });
  return publicListsOf(db, environmentId, email);
}

/** The name a new membership takes: the address's latest subscriber row in the environment, else the address. */
async function personOf(db: Database, environmentId: string, email: string) {
  const [known] = await db
    .select({
      name: subscribers.name,
      initials: subscribers.initials,
      firstName: subscribers.firstName,
      middleName: subscribers.middleName,
      lastName: subscribers.lastName,
      isOrganization: subscribers.isOrganization,
    })
    .from(subscribers)
    .innerJoin(lists, eq(lists.id, subscribers.listId))
    .where(and(eq(lists.environmentId, environmentId), sameAddress(email)))
    .orderBy(desc(subscribers.updatedAt))
    .limit(1);
  return known ?? { name: email };
}
