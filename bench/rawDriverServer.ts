// The floor for bench/api-driver.ts: one page of a list's subscribers read straight through the driver
// (`pg` with a pool of 10, or PGlite), answered as JSON.stringify of the same rows, over HTTPS with the
// server's own certificate. No framework, no token check, no validation, no schema'd serialisation.
// Two ways to ask the database (BENCH_DRIVER_SQL):
// - `plain` (default): three plain queries (membership, the list, the page), rows as objects with the
//   driver's own type parsing: how one would write this read by hand, and what the API ran until
//   issue 16 (goal 4);
// - `api`: the statements the API runs now (membership, then the list and its page in one statement,
//   rows as arrays, timestamps formatted by the database): whatever the API costs beyond this is the
//   framework's.
// Environment: PORT, DATA_DIR (certificate; PGlite's directory when DATABASE_URL is empty),
// DATABASE_URL, BENCH_USERNAME (whose membership is checked, as a signed-in request would),
// BENCH_DRIVER_SQL.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pageStatement } from '../server/src/receivers/subscriberPage';

interface Query {
  (text: string, values: unknown[]): Promise<Array<Record<string, unknown>>>;
}

interface QueryArrays {
  (text: string, values: unknown[]): Promise<unknown[][]>;
}

const dataDir = process.env.DATA_DIR ?? '';
const databaseUrl = process.env.DATABASE_URL ?? '';
const username = process.env.BENCH_USERNAME ?? '';
const statements = process.env.BENCH_DRIVER_SQL ?? 'plain';

async function openDriver(): Promise<{ query: Query; queryArrays: QueryArrays }> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return {
      query: async (text, values) => (await pool.query(text, values)).rows,
      queryArrays: async (text, values) =>
        (await pool.query<unknown[]>({ text, values, rowMode: 'array' })).rows,
    };
  }
  const client = await PGlite.create(path.join(dataDir, 'db'));
  return {
    query: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    queryArrays: async (text, values) =>
      (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows,
  };
}

const { query, queryArrays } = await openDriver();
const [identity] = await query('select identity_issuer, identity_subject from users where username = $1', [
  username,
]);
if (!identity) throw new Error(`no user ${username}: sign in through the API first`);

const membershipSql = `select u.id, u.username, u.name, m.user_id as member from users u
  left join environment_members m on m.user_id = u.id and m.environment_id = $1
  where u.identity_issuer = $2 and u.identity_subject = $3 limit 1`;
const listSql = `select id, title, type, is_deleted, is_test, attribute_label1, attribute_label2,
  attribute_label3, attribute_label4, attribute_label5, attribute_label6, attribute_label7,
  attribute_label8, attribute_label9, subscriber_count, created_at
  from lists where id = $1 and environment_id = $2 limit 1`;
const pageSql = `select s.id, s.list_id, l.title, s.name, s.email, s.initials, s.first_name, s.middle_name,
  s.last_name, s.phone_number, s.address, s.postal_code, s.city, s.country, s.is_organization,
  s.attribute1, s.attribute2, s.attribute3, s.attribute4, s.attribute5, s.attribute6, s.attribute7,
  s.attribute8, s.attribute9,
  exists (select 1 from unsubscribers u where u.environment_id = l.environment_id and u.removed_at is null
    and lower(u.email) = lower(s.email)) as is_unsubscribed,
  s.created_at, s.updated_at
  from subscribers s inner join lists l on l.id = s.list_id
  where s.list_id = $1 order by lower(s.name) asc, s.id asc offset $2 limit $3`;

const pagePath = /^\/api\/1\/([0-9a-f-]{36})\/list\/manual\/([0-9a-f-]{36})\/subscribers(?:\?|$)/;

const server = createServer(
  {
    key: readFileSync(path.join(dataDir, 'tls', 'localhost-key.pem')),
    cert: readFileSync(path.join(dataDir, 'tls', 'localhost-cert.pem')),
  },
  (request, response) => {
    const match = pagePath.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const [, environmentId, listId] = match;
    const answer = statements === 'api' ? answerPageAsTheApi : answerPage;
    void answer(environmentId, listId).then(
      (body) => response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  },
);

async function answerPage(environmentId: string, listId: string): Promise<string> {
  const [member] = await query(membershipSql, [
    environmentId,
    identity.identity_issuer,
    identity.identity_subject,
  ]);
  if (!member?.member) throw new Error('not a member');
  const [list] = await query(listSql, [listId, environmentId]);
  if (!list) throw new Error('no list');
  const rows = await query(pageSql, [listId, 0, 250]);
  return JSON.stringify({
    data: rows.map((row) => ({
      id: row.id,
      listId: row.list_id,
      listName: row.title,
      name: row.name,
      email: row.email,
      initials: row.initials,
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
      phoneNumber: row.phone_number,
      address: row.address,
      postalCode: row.postal_code,
      city: row.city,
      country: row.country,
      isOrganization: row.is_organization,
      attribute1: row.attribute1,
      attribute2: row.attribute2,
      attribute3: row.attribute3,
      attribute4: row.attribute4,
      attribute5: row.attribute5,
      attribute6: row.attribute6,
      attribute7: row.attribute7,
      attribute8: row.attribute8,
      attribute9: row.attribute9,
      isUnsubscribed: row.is_unsubscribed,
      createdAt: (row.created_at as Date).toISOString(),
      updatedAt: (row.updated_at as Date).toISOString(),
    })),
    total: Number(list.subscriber_count),
  });
}

/** The page with the API's statements: the membership query, then the list and its page as arrays. */
async function answerPageAsTheApi(environmentId: string, listId: string): Promise<string> {
  const [member] = await query(membershipSql, [
    environmentId,
    identity.identity_issuer,
    identity.identity_subject,
  ]);
  if (!member?.member) throw new Error('not a member');
  const rows = await queryArrays(pageStatement('name', 'ASC', false), [listId, environmentId, 0, 250]);
  if (rows.length === 0) throw new Error('no list');
  const [list] = rows;
  return JSON.stringify({
    data:
      list[3] === null
        ? []
        : rows.map((row) => ({
            id: row[3],
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
          })),
    total: list[2],
  });
}

server.listen(Number(process.env.PORT), 'localhost', () => console.log('raw driver server listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
