import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { selectRows } from '../../server/src/delivery/selectRows';
import { addressHash, addressHashKey } from '../../server/src/privacy/addressHash';
import { erasePerson } from '../../server/src/privacy/erasePerson';
import { exportPerson } from '../../server/src/privacy/exportPerson';
import { notPersonColumns, personTables } from '../../server/src/privacy/personTables';
import { applyRetention } from '../../server/src/privacy/retention';
import { saveRetentionSettings } from '../../server/src/privacy/retentionSettings';
import {
  erasedAddresses,
  erasedAddressReason,
  suppressionOf,
  unsubscribedAddressReason,
} from '../../server/src/privacy/suppression';
import {
  environmentIds,
  formIds,
  journeyIds,
  publicationIds,
  receiverIds,
  userIds,
} from '../../server/src/seed/ids';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';

// The rights of the AVG against the database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a person's
// export holds every kind of record the environment keeps on their address; erasure leaves the address in
// no text or JSON column of any table (read from information_schema, so a table added later is swept
// too), keeps a keyed hash that stops the address coming back, and touches no other environment; the
// retention periods remove exactly what has expired at the moment the test gives.

const a = environmentIds.zuiderveen;
const b = environmentIds.cultuurhuis;
const newAddress = (name: string) => `${name}.${randomBytes(4).toString('hex')}@privacy.example.nl`;

/** Every text and JSON column of every table, as the database describes itself. */
async function textColumns(db: Database) {
  return selectRows<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(
    db,
    sql`SELECT c.table_schema, c.table_name, c.column_name, c.data_type FROM information_schema.columns AS c
        JOIN information_schema.tables AS t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
          AND c.data_type IN ('text', 'character varying', 'json', 'jsonb')`,
  );
}

/** Where the address still is: `schema.table.column` of every column holding it anywhere in its text. */
async function sweep(db: Database, email: string): Promise<string[]> {
  const found: string[] = [];
  for (const column of await textColumns(db)) {
    const name = sql.raw(`"${column.table_schema}"."${column.table_name}"`);
    const value = sql.raw(`"${column.column_name}"::text`);
    const [{ hits }] = await selectRows<{ hits: number }>(
      db,
      sql`SELECT count(*)::int AS hits FROM ${name} WHERE lower(${value}) LIKE ${`%${email.toLowerCase()}%`}`,
    );
    if (hits > 0) found.push(`${column.table_schema}.${column.table_name}.${column.column_name}`);
  }
  return found;
}

/** A record of the person in every kind of place of environment A that keeps one. */
async function giveEverythingTo(db: Database, email: string) {
  const one = async <T>(statement: ReturnType<typeof sql>) => (await selectRows<T>(db, statement))[0];
  const upper = email.toUpperCase();
  const subscriber = await one<{ id: string }>(sql`
    INSERT INTO subscribers (list_id, name, email, city, phone_number)
    VALUES (${receiverIds.lists.residents}, 'Pim Privé', ${upper}, 'Zuiderveen', '0612345678') RETURNING id`);
  await db.execute(
    sql`UPDATE lists SET subscriber_count = subscriber_count + 1 WHERE id = ${receiverIds.lists.residents}`,
  );
  const recipient = await one<{ id: number }>(sql`
    INSERT INTO delivery_recipients (job_id, environment_id, subscriber_id, email, merge_values, status, detail, finished_at)
    VALUES (${publicationIds.deliveryJob}, ${a}, ${subscriber.id}, ${email},
            ${JSON.stringify({ email, name: 'Pim Privé' })}::jsonb, 'Verzonden', ${`250 ok for ${email}`}, now())
    RETURNING id`);
  await db.execute(sql`
    INSERT INTO analytics_events (environment_id, job_id, kind, position, message_key, recipient_id, machine, first, first_of_kind, occurred_at)
    VALUES (${a}, ${publicationIds.deliveryJob}, 'click', 0, ${`r:${recipient.id}`}, ${recipient.id}, false, true, true, now())`);
  await db.execute(sql`
    INSERT INTO delivery_bounces (environment_id, job_id, recipient_id, kind, status, diagnostic, received_at)
    VALUES (${a}, ${publicationIds.deliveryJob}, ${recipient.id}, 'soft', '4.2.2', ${`mailbox of ${email} full`}, now())`);
  const invitee = await one<{ id: number }>(sql`
    INSERT INTO rsvp_invitees (environment_id, publication_id, email, name, answer, guests, question_answers, answered_at, source)
    VALUES (${a}, ${publicationIds.publications.residentsEvening}, ${email}, 'Pim Privé', 'Ja', 1,
            ${JSON.stringify([{ fieldId: 'x', question: 'Adres?', answer: email }])}::jsonb, now(), 'e-mail')
    RETURNING id`);
  await db.execute(sql`
    INSERT INTO rsvp_answer_history (environment_id, publication_id, invitee_id, answer, waiting, guests, source)
    VALUES (${a}, ${publicationIds.publications.residentsEvening}, ${invitee.id}, 'Ja', false, 1, 'e-mail')`);
  const outbox = await one<{ id: number }>(sql`
    INSERT INTO rsvp_mail_outbox (environment_id, publication_id, invitee_id, kind, sequence, last_error)
    VALUES (${a}, ${publicationIds.publications.residentsEvening}, ${invitee.id}, 'bevestiging', 0, ${`550 ${email}`})
    RETURNING id`);
  await db.execute(sql`
    INSERT INTO mail_bounces (environment_id, message_kind, message_id, kind, status, diagnostic, received_at)
    VALUES (${a}, 'rsvp', ${outbox.id}, 'hard', '5.1.1', ${`no such user ${email}`}, now())`);
  const version = await one<{ id: string }>(sql`
    INSERT INTO journey_versions (journey_id, number, graph)
    VALUES (${journeyIds.welcome}, ${1000 + Math.floor(Math.random() * 100000)}, '{}'::jsonb) RETURNING id`);
  const enrollment = await one<{ id: string }>(sql`
    INSERT INTO journey_enrollments (environment_id, journey_id, version_id, subscriber_id, email, state, enrolled_at)
    VALUES (${a}, ${journeyIds.welcome}, ${version.id}, ${subscriber.id}, ${email}, 'Klaar', now()) RETURNING id`);
  await db.execute(sql`
    INSERT INTO journey_step_runs (enrollment_id, journey_id, step_id, step_kind, visit, status, result, at)
    VALUES (${enrollment.id}, ${journeyIds.welcome}, 'a', 'mail', 1, 'Gelukt', ${`sent to ${email}`}, now())`);
  await db.execute(sql`
    INSERT INTO journey_outbox (environment_id, kind, subscriber_id, list_id)
    VALUES (${a}, 'subscriberAdded', ${subscriber.id}, ${receiverIds.lists.residents})`);
  const submission = await one<{ id: string }>(sql`
    INSERT INTO flow_submissions (flow_id) VALUES (${formIds.playgroundEvening}) RETURNING id`);
  await db.execute(sql`
    INSERT INTO flow_answers (submission_id, field_id, value) VALUES (${submission.id}, ${formIds.nameQuestion}, ${` ${upper} `})`);
  const testSend = await one<{ id: number }>(sql`
    INSERT INTO test_sends (environment_id, email, subject, sent_at) VALUES (${a}, ${email}, 'Test', now()) RETURNING id`);
  await db.execute(sql`
    INSERT INTO mail_bounces (environment_id, message_kind, message_id, kind, status, diagnostic, received_at)
    VALUES (${a}, 'test', ${testSend.id}, 'hard', '5.1.1', ${`unknown ${email}`}, now())`);
  await db.execute(sql`
    INSERT INTO list_import_refusals (import_id, row_number, reason, values)
    VALUES (${receiverIds.imports.residents}, 999, 'Naam ontbreekt', ${JSON.stringify(['', email])}::jsonb)`);
  await db.execute(sql`
    INSERT INTO unsubscribers (environment_id, email, removed_at, removed_by, removal_reason)
    VALUES (${a}, ${email}, now(), 'Anne', ${`op verzoek van ${email}`})`);
  await db.execute(sql`
    INSERT INTO unsubscribers (environment_id, email, cause, cause_detail)
    VALUES (${a}, ${upper}, 'Klacht', ${`abuse report for ${email}`})`);
  await db.execute(sql`
    INSERT INTO resubscribe_requests (environment_id, email, unsubscriber_id)
    SELECT environment_id, ${email}, id FROM unsubscribers WHERE environment_id = ${a} AND email = ${upper}`);
  const form = await one<{ id: string }>(sql`
    INSERT INTO sign_up_forms (environment_id, name, confirmation_subject, confirmation_text, confirmed_text)
    VALUES (${a}, 'Nieuwsbrief', 'Bevestig', 'Klik', 'Dank je') RETURNING id`);
  const consent = await one<{ id: string }>(sql`
    INSERT INTO consent_texts (environment_id, form_id, version, text)
    VALUES (${a}, ${form.id}, 1, 'Ik wil de nieuwsbrief') RETURNING id`);
  await db.execute(sql`
    INSERT INTO pending_sign_ups (environment_id, form_id, consent_text_id, email, values, list_ids, signed_up_at, expires_at)
    VALUES (${a}, ${form.id}, ${consent.id}, ${upper}, ${JSON.stringify({ name: 'Karin' })}::jsonb, '[]'::jsonb,
            now(), now() + interval '7 days')`);
  await db.execute(sql`
    INSERT INTO sign_up_mail_outbox (environment_id, form_id, kind, email, created_at)
    VALUES (${a}, ${form.id}, 'bevestigen', ${email}, now())`);
  return { subscriberId: subscriber.id, recipientId: recipient.id };
}

/** The same address in environment B: a subscriber and an unsubscribe there. */
async function giveToB(db: Database, email: string) {
  await db.execute(sql`
    INSERT INTO subscribers (list_id, name, email) VALUES (${receiverIds.lists.friends}, 'Pim in B', ${email})`);
  await db.execute(sql`INSERT INTO unsubscribers (environment_id, email) VALUES (${b}, ${email})`);
}

describe('privacy: export, erasure, suppression and retention', () => {
  let seeded: SeededDatabase;
  let db: Database;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-privacy-');
    db = seeded.db;
  }, 120_000);
  afterAll(async () => seeded?.close());

  it('covers every e-mail-like column of the database with a declared part (or names it as no resident data)', async () => {
    const covered = new Set([...personTables.flatMap((table) => table.columns), ...notPersonColumns]);
    const emailLike = (await textColumns(db))
      .filter((column) => column.table_schema === 'public' && /e_?mail|address/i.test(column.column_name))
      .map((column) => `${column.table_name}.${column.column_name}`)
      .filter((name) => name !== 'unsubscribers.address_hash');
    expect(emailLike.length).toBeGreaterThan(5);
    expect(emailLike.filter((name) => !covered.has(name))).toEqual([]);
  });

  it("exports every part of the environment's records of the address, whatever its case", async () => {
    const email = newAddress('export');
    await giveEverythingTo(db, email);
    const person = await exportPerson(db, a, email.toUpperCase());
    const rowsOf = (key: string) => person.parts.find((part) => part.key === key)?.rows ?? [];
    expect(person.email).toBe(email);
    expect(person.parts.map((part) => part.key)).toEqual(personTables.map((table) => table.key));
    for (const table of personTables) expect(rowsOf(table.key).length, table.key).toBeGreaterThan(0);
    expect(rowsOf('lists')[0]).toMatchObject({
      list: 'Nieuwsbrief bewoners',
      name: 'Pim Privé',
      city: 'Zuiderveen',
    });
    expect(String(rowsOf('lists')[0].audiences)).toContain('Inwoners en ondernemers');
    expect(rowsOf('deliveries')[0]).toMatchObject({ status: 'Verzonden' });
    expect(rowsOf('measuring')[0]).toMatchObject({ kind: 'Geklikt' });
    expect(rowsOf('rsvp')[0]).toMatchObject({ answer: 'Ja', guests: 1 });
    expect(rowsOf('forms')[0].answers).toContain(email.toUpperCase());
    expect(rowsOf('unsubscribes').map((row) => row.state)).toEqual([
      'Uitgeschreven voor alles',
      'Uitschrijving ongedaan gemaakt',
    ]);
    // Another environment holds nothing of it.
    const inB = await exportPerson(db, b, email);
    expect(inB.parts.every((part) => part.rows.length === 0)).toBe(true);
  });

  it('erases the address from every column of every table in one go, keeping only its keyed hash and anonymous counts', async () => {
    const email = newAddress('erase');
    const { recipientId } = await giveEverythingTo(db, email);
    expect((await sweep(db, email)).length).toBeGreaterThan(10);
    const [before] = await selectRows<{ count: number; recipients: number; events: number }>(
      db,
      sql`SELECT (SELECT subscriber_count FROM lists WHERE id = ${receiverIds.lists.residents}) AS count,
            (SELECT count(*)::int FROM delivery_recipients WHERE job_id = ${publicationIds.deliveryJob}) AS recipients,
            (SELECT count(*)::int FROM analytics_events WHERE job_id = ${publicationIds.deliveryJob}) AS events`,
    );

    await erasePerson(db, a, email, { userId: userIds.anne });

    expect(await sweep(db, email)).toEqual([]);
    const [after] = await selectRows<typeof before>(
      db,
      sql`SELECT (SELECT subscriber_count FROM lists WHERE id = ${receiverIds.lists.residents}) AS count,
            (SELECT count(*)::int FROM delivery_recipients WHERE job_id = ${publicationIds.deliveryJob}) AS recipients,
            (SELECT count(*)::int FROM analytics_events WHERE job_id = ${publicationIds.deliveryJob}) AS events`,
    );
    expect(after).toEqual({ ...before, count: before.count - 1 });
    const [recipient] = await selectRows<{ status: string; subscriber_id: string | null }>(
      db,
      sql`SELECT status, subscriber_id FROM delivery_recipients WHERE id = ${recipientId}`,
    );
    expect(recipient).toEqual({ status: 'Verzonden', subscriber_id: null });
    // One active suppression entry with the keyed hash, its cause kept: the global unsubscribe holds.
    const hash = addressHash(await addressHashKey(db), a, email);
    const entries = await selectRows<{ cause: string; removed_at: Date | null; created_by_user_id: string }>(
      db,
      sql`SELECT cause, removed_at, created_by_user_id FROM unsubscribers WHERE environment_id = ${a} AND address_hash = ${hash}`,
    );
    expect(entries).toEqual([{ cause: 'Klacht', removed_at: null, created_by_user_id: userIds.anne }]);
    expect([...(await erasedAddresses(db, a, [` ${email.toUpperCase()} `, newAddress('other')]))]).toEqual([
      email,
    ]);
    expect(await suppressionOf(db, a, email)).toBe(erasedAddressReason);
    const person = await exportPerson(db, a, email);
    expect(person.parts.every((part) => part.rows.length === 0)).toBe(true);
  });

  it('erasing someone never unsubscribed still leaves a suppression entry, once however often it runs', async () => {
    const email = newAddress('twice');
    await db.execute(sql`
      INSERT INTO subscribers (list_id, name, email) VALUES (${receiverIds.lists.entrepreneurs}, 'Twee', ${email})`);
    await db.execute(
      sql`UPDATE lists SET subscriber_count = subscriber_count + 1 WHERE id = ${receiverIds.lists.entrepreneurs}`,
    );
    expect(await suppressionOf(db, a, email)).toBeUndefined();
    await erasePerson(db, a, email, { self: true });
    await erasePerson(db, a, email, { self: true });
    const hash = addressHash(await addressHashKey(db), a, email);
    const entries = await selectRows<{ cause: string; created_by_user_id: string | null }>(
      db,
      sql`SELECT cause, created_by_user_id FROM unsubscribers WHERE address_hash = ${hash} AND removed_at IS NULL`,
    );
    expect(entries).toEqual([{ cause: 'Afgemeld', created_by_user_id: null }]);
    expect(await suppressionOf(db, a, email)).toBe(erasedAddressReason);
    expect(await sweep(db, email)).toEqual([]);
  });

  it("erasing in environment A leaves environment B's records of the same address as they were", async () => {
    const email = newAddress('isolated');
    await giveEverythingTo(db, email);
    await giveToB(db, email);
    const beforeB = await exportPerson(db, b, email);

    await erasePerson(db, a, email, { userId: userIds.anne });

    const afterB = await exportPerson(db, b, email);
    expect({ ...afterB, exportedAt: '' }).toEqual({ ...beforeB, exportedAt: '' });
    expect(afterB.parts.find((part) => part.key === 'lists')?.rows).toHaveLength(1);
    // B keeps a plain global unsubscribe: refused there as unsubscribed, not as erased.
    expect(await suppressionOf(db, b, email)).toBe(unsubscribedAddressReason);
    expect(await erasedAddresses(db, b, [email])).toEqual(new Set());
    const everywhere = await sweep(db, email);
    expect(everywhere.sort()).toEqual(['public.subscribers.email', 'public.unsubscribers.email']);
  });

  it('retention removes exactly the form answers, RSVP answers and inactive subscribers past their periods', async () => {
    const now = new Date('2031-06-15T03:00:00Z');
    const monthsAgo = (months: number, days = 0) => {
      const moment = new Date(now);
      moment.setUTCMonth(moment.getUTCMonth() - months);
      moment.setUTCDate(moment.getUTCDate() + days);
      return moment;
    };
    await saveRetentionSettings(db, a, {
      formAnswerMonths: 12,
      rsvpAnswerMonths: 6,
      inactiveSubscriberMonths: 18,
    });
    const submission = async (at: Date) =>
      (
        await selectRows<{ id: string }>(
          db,
          sql`INSERT INTO flow_submissions (flow_id, created_at) VALUES (${formIds.playgroundEvening}, ${at}) RETURNING id`,
        )
      )[0].id;
    const expiredForm = await submission(monthsAgo(12, -1));
    const keptForm = await submission(monthsAgo(12, 1));
    const event = async (endsAt: Date) => {
      const [publication] = await selectRows<{ id: string }>(
        db,
        sql`INSERT INTO publications (environment_id, publication_type_id, name)
            VALUES (${a}, ${publicationIds.types.zuiderveenInvitation}, 'Retentie') RETURNING id`,
      );
      await db.execute(sql`
        INSERT INTO rsvp_events (publication_id, environment_id, title, starts_at, ends_at)
        VALUES (${publication.id}, ${a}, 'Avond', ${new Date(endsAt.getTime() - 3600_000)}, ${endsAt})`);
      await db.execute(sql`
        INSERT INTO rsvp_invitees (environment_id, publication_id, email, name, answer)
        VALUES (${a}, ${publication.id}, ${newAddress('rsvp')}, 'Gast', 'Ja')`);
      return publication.id;
    };
    const expiredEvent = await event(monthsAgo(6, -1));
    const keptEvent = await event(monthsAgo(6, 1));
    const subscriber = async (at: Date, sentAt?: Date) => {
      const [row] = await selectRows<{ id: string }>(
        db,
        sql`INSERT INTO subscribers (list_id, name, email, created_at, updated_at)
            VALUES (${receiverIds.lists.entrepreneurs}, 'Stil', ${newAddress('stil')}, ${at}, ${at}) RETURNING id`,
      );
      if (sentAt)
        await db.execute(sql`
          INSERT INTO delivery_recipients (job_id, environment_id, subscriber_id, email, merge_values, status, finished_at)
          VALUES (${publicationIds.deliveryJob}, ${a}, ${row.id}, 'x@privacy.example.nl', '{}'::jsonb, 'Verzonden', ${sentAt})`);
      return row.id;
    };
    const inactive = await subscriber(monthsAgo(18, -1));
    const recentlyMailed = await subscriber(monthsAgo(30), monthsAgo(18, 1));
    const recentlyAdded = await subscriber(monthsAgo(18, 1));
    // Environment B keeps the defaults (24 months, inactive subscribers kept).
    const [inB] = await selectRows<{ id: string }>(
      db,
      sql`INSERT INTO subscribers (list_id, name, email, created_at, updated_at)
          VALUES (${receiverIds.lists.friends}, 'Stil in B', ${newAddress('b')}, ${monthsAgo(30)}, ${monthsAgo(30)}) RETURNING id`,
    );
    // The rows above were written around the list's count: count them once.
    const [{ count: countBefore }] = await selectRows<{ count: number }>(
      db,
      sql`UPDATE lists SET subscriber_count = (SELECT count(*) FROM subscribers WHERE list_id = lists.id)
          WHERE id = ${receiverIds.lists.entrepreneurs} RETURNING subscriber_count AS count`,
    );

    await applyRetention(db, now);

    const exists = async (table: string, id: string) =>
      (await selectRows(db, sql`SELECT 1 FROM ${sql.raw(table)} WHERE id = ${id}`)).length === 1;
    expect(await exists('flow_submissions', expiredForm)).toBe(false);
    expect(await exists('flow_submissions', keptForm)).toBe(true);
    const invitees = await selectRows<{ publication_id: string; name: string | null; answer: string }>(
      db,
      sql`SELECT publication_id, name, answer FROM rsvp_invitees WHERE publication_id IN (${expiredEvent}, ${keptEvent})`,
    );
    expect(invitees.find((row) => row.publication_id === expiredEvent)).toMatchObject({
      name: null,
      answer: 'Ja',
    });
    expect(invitees.find((row) => row.publication_id === keptEvent)).toMatchObject({ name: 'Gast' });
    expect(await exists('subscribers', inactive)).toBe(false);
    expect(await exists('subscribers', recentlyMailed)).toBe(true);
    expect(await exists('subscribers', recentlyAdded)).toBe(true);
    expect(await exists('subscribers', inB.id)).toBe(true);
    // The seed's entrepreneurs are older than that too and were never mailed since: they went as well,
    // and the list's count follows what went.
    const [{ count: countAfter, rows }] = await selectRows<{ count: number; rows: number }>(
      db,
      sql`SELECT subscriber_count AS count, (SELECT count(*)::int FROM subscribers WHERE list_id = ${receiverIds.lists.entrepreneurs}) AS rows
          FROM lists WHERE id = ${receiverIds.lists.entrepreneurs}`,
    );
    expect(countAfter).toBe(rows);
    expect(countAfter).toBeLessThan(countBefore);

    // A second run the same moment removes nothing more.
    expect(await applyRetention(db, now)).toEqual({ formSubmissions: 0, invitations: 0, subscribers: 0 });
  });
});
