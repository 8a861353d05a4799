import { sql } from 'drizzle-orm';
import type { PersonMatchPage, PersonsQuery } from '../contract/privacy';
import { pageSize } from '../contract/paging';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';
import { escapeLike } from '../db/textSearch';

// Finding a person by (part of) their address: every address of the environment's lists, unsubscribers,
// deliveries, invitations and journeys that contains the search text. Without a search the answer is
// empty: the page asks for an address first, it does not list everyone the environment ever mailed.

export async function searchPersons(
  db: Database,
  environmentId: string,
  query: PersonsQuery,
): Promise<PersonMatchPage> {
  const text = query.search?.trim().toLowerCase();
  if (!text) return { data: [], total: 0 };
  const pattern = `%${escapeLike(text)}%`;
  const found = sql`(
    SELECT lower(s.email) AS email FROM subscribers AS s JOIN lists AS l ON l.id = s.list_id
      WHERE l.environment_id = ${environmentId} AND NOT l.is_deleted AND lower(s.email) LIKE ${pattern}
    UNION SELECT lower(email) FROM unsubscribers
      WHERE environment_id = ${environmentId} AND address_hash IS NULL AND lower(email) LIKE ${pattern}
    UNION SELECT lower(email) FROM delivery_recipients
      WHERE environment_id = ${environmentId} AND lower(email) LIKE ${pattern}
    UNION SELECT lower(email) FROM rsvp_invitees
      WHERE environment_id = ${environmentId} AND lower(email) LIKE ${pattern}
    UNION SELECT lower(email) FROM journey_enrollments
      WHERE environment_id = ${environmentId} AND lower(email) LIKE ${pattern}
  ) AS found WHERE email NOT LIKE '%.invalid'`;
  const order = query.order === 'DESC' ? sql`DESC` : sql`ASC`;
  const rows = await selectRows<{ email: string }>(
    db,
    sql`SELECT email FROM ${found} ORDER BY email ${order}
        OFFSET ${query.offset ?? 0} LIMIT ${query.limit ?? pageSize}`,
  );
  const [{ total }] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM ${found}`,
  );
  return { data: rows.map(({ email }) => ({ id: email, email })), total };
}
