import { pageSize } from '../contract/paging';
import type {
  Subscriber,
  SubscriberPage,
  SubscriberSortField,
  SubscribersQuery,
} from '../contract/receivers';
import type { Database } from '../db/client';
import { queryRowArrays } from '../db/rowArrays';
import { prefixQuery } from '../db/textSearch';
import { notFound } from '../errors';

// One page of a list's subscribers, the API's hottest read (a console table asks 250 rows at a time):
// the list and its page in one statement, written as SQL and read as arrays that are mapped to the
// contract by hand (docs/performance.md, goal 4). The subscriber's other reads and the writes use
// Drizzle (subscriberRecords.ts, subscribers.ts); the tests hold both to the same answer.

/** Sort keys, each backed by an index (list_id, key, id) so a page never sorts the whole list. */
const sortKeys: Record<SubscriberSortField, string> = {
  name: 'lower(s.name)',
  email: 'lower(s.email)',
  city: 'lower(s.city)',
  createdAt: 's.created_at',
};

/** A timestamp as the contract writes it (as `Date.toISOString`: UTC, milliseconds), made by the database. */
const isoTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row of the page statement; list columns first, subscriber columns null when the page is empty. */
type PageRow = [
  listId: string,
  listName: string,
  subscriberCount: number,
  id: string | null,
  name: string,
  email: string,
  initials: string | null,
  firstName: string | null,
  middleName: string | null,
  lastName: string | null,
  phoneNumber: string | null,
  address: string | null,
  postalCode: string | null,
  city: string | null,
  country: string | null,
  isOrganization: boolean,
  attribute1: string | null,
  attribute2: string | null,
  attribute3: string | null,
  attribute4: string | null,
  attribute5: string | null,
  attribute6: string | null,
  attribute7: string | null,
  attribute8: string | null,
  attribute9: string | null,
  isUnsubscribed: boolean,
  createdAt: string,
  updatedAt: string,
];

/** The subscriber's stored columns of `PageRow`, in its order. */
const storedColumns = [
  'id',
  'name',
  'email',
  'initials',
  'first_name',
  'middle_name',
  'last_name',
  'phone_number',
  'address',
  'postal_code',
  'city',
  'country',
  'is_organization',
  'attribute1',
  'attribute2',
  'attribute3',
  'attribute4',
  'attribute5',
  'attribute6',
  'attribute7',
  'attribute8',
  'attribute9',
];

/** The subscriber columns of `PageRow`, in its order: the stored ones, then those the page computes. */
const subscriberColumns = [...storedColumns, 'is_unsubscribed', 'created_at', 'updated_at'];

// The select lists, joined once rather than per request.
const storedSelect = storedColumns.map((column) => `s.${column}`).join(', ');
const pageSelect = subscriberColumns.map((column) => `p.${column}`).join(', ');

/**
 * The list (in the environment, also a deleted one) and one page of its subscribers: $1 list id,
 * $2 environment id, $3 offset, $4 limit, $5 the prefix query when searching. No row: no such list;
 * one row without subscriber: an empty page. The list's id is repeated in the page's condition (not
 * taken from the join), so that the planner reads the sort key's index up to the page's last row.
 * (bench/rawDriverServer.ts can send the same statement straight through the driver.)
 */
export function pageStatement(sort: SubscriberSortField, order: 'ASC' | 'DESC', searching: boolean): string {
  const key = sortKeys[sort];
  return `
    SELECT l.id, l.title, l.subscriber_count, ${pageSelect}
    FROM lists l
    LEFT JOIN LATERAL (
      SELECT ${storedSelect},
        EXISTS (
          SELECT 1 FROM unsubscribers u
          WHERE u.environment_id = $2 AND u.removed_at IS NULL AND lower(u.email) = lower(s.email)
        ) AS is_unsubscribed,
        ${isoTimestamp('s.created_at')} AS created_at, ${isoTimestamp('s.updated_at')} AS updated_at,
        ${key} AS sort_key
      FROM subscribers s
      WHERE s.list_id = $1${searching ? ` AND s.search_vector @@ to_tsquery('simple'::regconfig, $5)` : ''}
      ORDER BY ${key} ${order}, s.id ${order}
      OFFSET $3 LIMIT $4
    ) p ON true
    WHERE l.id = $1 AND l.environment_id = $2
    ORDER BY p.sort_key ${order}, p.id ${order}`;
}

/** The number of a list's subscribers a prefix query matches: $1 list id, $2 the prefix query. */
const searchTotalStatement = `
  SELECT count(*)::integer FROM subscribers s
  WHERE s.list_id = $1 AND s.search_vector @@ to_tsquery('simple'::regconfig, $2)`;

/**
 * One page of a list's subscribers (also of a deleted list), searched by word prefixes. Without a search
 * the total is the list's kept subscriber count, so the first page of 100,000 subscribers never counts
 * them all; with one, the matches are counted next to the page.
 */
export async function subscriberPage(
  db: Database,
  environmentId: string,
  listId: string,
  query: SubscribersQuery,
): Promise<SubscriberPage> {
  const { search, sort = 'name', order = 'ASC', offset = 0, limit = pageSize } = query;
  const words = prefixQuery(search);
  const values = [listId, environmentId, offset, limit];
  const [rows, searchTotal] = await Promise.all([
    queryRowArrays(db, pageStatement(sort, order, words !== undefined), words ? [...values, words] : values),
    words === undefined ? undefined : queryRowArrays(db, searchTotalStatement, [listId, words]),
  ]);
  const pageRows = rows as PageRow[];
  if (pageRows.length === 0) throw notFound('De lijst');
  const [first] = pageRows;
  const data = first[3] === null ? [] : pageRows.map(toSubscriber);
  return { data, total: searchTotal ? (searchTotal[0][0] as number) : first[2] };
}

/** A row as the contract's Subscriber: every field written out in one order, so all share one shape. */
function toSubscriber(row: PageRow): Subscriber {
  return {
    id: row[3] as string,
    listId: row[0],
    listName: row[1],
    name: row[4],
    email: row[5],
    initials: row[6],
    firstName: row[7],
    middleName: row[8],
    lastName: row[9],
    phoneNumber: row[10],
    address: row[11],
    postalCode: row[12],
    city: row[13],
    country: row[14],
    isOrganization: row[15],
    attribute1: row[16],
    attribute2: row[17],
    attribute3: row[18],
    attribute4: row[19],
    attribute5: row[20],
    attribute6: row[21],
    attribute7: row[22],
    attribute8: row[23],
    attribute9: row[24],
    isUnsubscribed: row[25],
    createdAt: row[26],
    updatedAt: row[27],
  };
}
