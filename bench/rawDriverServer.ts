// The floor for bench/api-driver.ts: the same three queries the API runs for one page of a list's
// subscribers (membership, the list, the page), written out as SQL and sent straight through the
// driver (`pg` with a pool of 10, or PGlite), answered as JSON.stringify of the same rows, over HTTPS
// with the server's own certificate. No framework, no token check, no validation, no schema'd
// serialisation: whatever the API costs beyond this is the API's own.
// Environment: PORT, DATA_DIR (certificate; PGlite's directory when DATABASE_URL is empty),
// DATABASE_URL, BENCH_USERNAME (whose membership is checked, as a signed-in request would).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

interface Query {
  (text: string, values: unknown[]): Promise<Array<Record<string, unknown>>>;
}

const dataDir = process.env.DATA_DIR ?? '';
const databaseUrl = process.env.DATABASE_URL ?? '';
const username = process.env.BENCH_USERNAME ?? '';

async function openDriver(): Promise<Query> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return async (text, values) => (await pool.query(text, values)).rows;
  }
  const client = await PGlite.create(path.join(dataDir, 'db'));
  return async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows;
}

const query = await openDriver();
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
    void answerPage(environmentId, listId).then(
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

server.listen(Number(process.env.PORT), 'localhost', () => console.log('raw driver server listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
