import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMessage, CaughtMessagePage } from '../../server/src/contract/mail';
import type { ReceiverList, SubscriberPage } from '../../server/src/contract/receivers';
import type { ConsentProof, SignUpForm, SignUpFormInput } from '../../server/src/contract/signUp';
import type { Database } from '../../server/src/db/client';
import { selectRows } from '../../server/src/delivery/selectRows';
import { countRecipientsToSend } from '../../server/src/delivery/recipientResolution';
import { resubscribeHistory, resubscribedBy } from '../../server/src/preferences/resubscribe';
import { addressHash, addressHashKey } from '../../server/src/privacy/addressHash';
import { erasePerson } from '../../server/src/privacy/erasePerson';
import {
  erasedAddresses,
  erasedAddressReason,
  suppressionOf,
  unsubscribedAddressReason,
} from '../../server/src/privacy/suppression';
import { removalPage } from '../../server/src/receivers/unsubscribers';
import { confirmSignUp, signUpResubscribeReason } from '../../server/src/signUp/confirmation';
import { expirePendingSignUps } from '../../server/src/signUp/expiry';
import { loadSignUpForm } from '../../server/src/signUp/publicSignUpForm';
import { createSignUpForm } from '../../server/src/signUp/signUpForms';
import { storeSignUp } from '../../server/src/signUp/submission';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// Sign-up forms end to end over HTTP (the hosted page, the caught mails, the confirmation link) and the
// expiry against the database with an injected clock. PGlite, or PostgreSQL with TEST_DATABASE_URL, where
// the twenty confirmations really run at once on the pool.

const zuiderveen = environmentIds.zuiderveen;
const cultuurhuis = environmentIds.cultuurhuis;
const formEncoded = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

const formInput = (listIds: string[], overrides: Partial<SignUpFormInput> = {}): SignUpFormInput => ({
  name: 'Nieuwsbrieven van Zuiderveen',
  listIds,
  askedFields: ['firstName', 'lastName'],
  requiredFields: ['firstName'],
  consentText: 'Ik wil de gekozen nieuwsbrieven ontvangen en kan me altijd afmelden.',
  confirmationSubject: 'Bevestig je aanmelding',
  confirmationText: 'Klik op de link om je aanmelding te bevestigen.',
  confirmedText: 'Dank je wel! Je bent aangemeld.',
  ...overrides,
});

describe('sign-up forms over HTTP', () => {
  let server: TestServer;
  let anne: Tokens;
  /** The sign-up pages' clock: moved on by hand, so the 3-second minimum passes without waiting. */
  let clock = new Date('2026-11-29T09:00:00Z');
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  let listA: ReceiverList;
  let listB: ReceiverList;
  let form: SignUpForm;

  const call = <T>(method: string, path: string, body?: unknown, env: string = zuiderveen) =>
    server.api<T>(method, path, { token: anne, env, body });

  async function publicList(title: string): Promise<ReceiverList> {
    const created = await server.api<ReceiverList>('POST', '/list/manual', {
      token: anne,
      env: zuiderveen,
      query: { title },
    });
    const updated = await server.api<ReceiverList>('PUT', `/list/manual/${created.body.id}`, {
      token: anne,
      env: zuiderveen,
      query: { title, isPublic: true },
    });
    expect(updated.body.isPublic).toBe(true);
    return updated.body;
  }

  const hostedPath = () => `/s/${zuiderveen}/${form.id}`;

  /** The hosted page's time token, as a browser would read it from the form. */
  async function timeToken(): Promise<string> {
    const page = await server.api('GET', hostedPath(), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const token = /name="t" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  const post = (fields: Array<[string, string]>) =>
    server.api('POST', hostedPath(), {
      headers: formEncoded,
      body: new URLSearchParams(fields).toString(),
    });

  async function caughtTo(address: string, subject: string): Promise<CaughtMessage[]> {
    const page = await call<CaughtMessagePage>(
      'GET',
      `/mail-catcher/messages?search=${encodeURIComponent(address)}`,
    );
    const found = page.body.data.filter(
      (message) => message.to.includes(address) && message.subject === subject,
    );
    return Promise.all(
      found.map(
        async (message) => (await call<CaughtMessage>('GET', `/mail-catcher/messages/${message.id}`)).body,
      ),
    );
  }

  async function subscribersOf(list: ReceiverList, email: string) {
    const page = await call<SubscriberPage>(
      'GET',
      `/list/manual/${list.id}/subscribers?search=${encodeURIComponent(email)}`,
    );
    return page.body.data.filter((subscriber) => subscriber.email === email);
  }

  const countOf = async (list: ReceiverList) =>
    (await call<ReceiverList>('GET', `/list/manual/${list.id}`)).body.subscriberCount;

  beforeAll(async () => {
    server = await startTestServer({}, { signUpClock: () => clock });
    anne = await server.signIn(demoUsers.anne.username);
    listA = await publicList('Wijkberichten Centrum');
    listB = await publicList('Evenementen');
    const created = await call<SignUpForm>('POST', '/signupforms', formInput([listA.id, listB.id]));
    expect(created.status).toBe(201);
    form = created.body;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the hosted address and a plain snippet that posts to it', () => {
    expect(form.hostedUrl).toBe(`${server.config.publicUrl.replace(/\/+$/, '')}/s/${zuiderveen}/${form.id}`);
    expect(form.snippet).toContain(`<form method="post" action="${form.hostedUrl}"`);
    expect(form.snippet).toContain(`value="${listA.id}"`);
    expect(form.snippet).toContain('name="website"');
    expect(form.snippet).not.toContain('<script');
    expect(form.consentVersion).toBe(1);
  });

  it('refuses a list that is not public, naming the field in Dutch', async () => {
    const closed = await server.api<ReceiverList>('POST', '/list/manual', {
      token: anne,
      env: zuiderveen,
      query: { title: 'Intern' },
    });
    const refused = await call<{ field: string; message: string }>(
      'POST',
      '/signupforms',
      formInput([closed.body.id]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('listIds');
    expect(refused.body.message).toMatch(/^Lijsten: kies alleen openbare lijsten/);
    const empty = await call<{ field: string; message: string }>('POST', '/signupforms', formInput([]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Lijsten');
  });

  it('signs up, mails a link whose GET and HEAD change nothing, and joins both lists once under 20 confirmations', async () => {
    const email = 'inwoner.een@voorbeeld.nl';
    const before = [await countOf(listA), await countOf(listB)];
    const token = await timeToken();
    later(5);
    const posted = await post([
      ['t', token],
      ['email', email],
      ['firstName', 'Ilse'],
      ['lastName', 'Inwoner'],
      ['lijst', listA.id],
      ['lijst', listB.id],
      ['toestemming', 'ja'],
      ['website', ''],
    ]);
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`/s/${zuiderveen}/${form.id}/controleer-je-mail`);
    await expect
      .poll(async () => (await caughtTo(email, form.confirmationSubject)).length, { timeout: 30_000 })
      .toBe(1);
    const [mail] = await caughtTo(email, form.confirmationSubject);
    const link = new RegExp(`https?://[^\\s"]+/s/${zuiderveen}/${form.id}/bevestigen/[^\\s"<]+`).exec(
      mail.text ?? '',
    )?.[0];
    expect(link).toBeDefined();
    const linkPath = new URL(link!).pathname;

    for (const method of ['GET', 'HEAD', 'GET']) {
      const opened = await server.api(method, linkPath, { headers: { accept: 'text/html' } });
      expect(opened.status).toBe(200);
      if (method === 'GET') expect(opened.text).toContain('Bevestigen');
    }
    expect(await subscribersOf(listA, email)).toHaveLength(0);
    expect([await countOf(listA), await countOf(listB)]).toEqual(before);

    later(60);
    const confirmations = await Promise.all(
      Array.from({ length: 20 }, () => server.api('POST', linkPath, { headers: { accept: 'text/html' } })),
    );
    expect(confirmations.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(confirmations[0].text).toContain('Dank je wel! Je bent aangemeld.');
    expect([await countOf(listA), await countOf(listB)]).toEqual([before[0] + 1, before[1] + 1]);
    const [inA] = await subscribersOf(listA, email);
    expect(inA).toMatchObject({ firstName: 'Ilse', lastName: 'Inwoner' });
    expect(await subscribersOf(listB, email)).toHaveLength(1);

    const proofs = await call<ConsentProof[]>(
      'GET',
      `/list/manual/${listA.id}/subscriber/${inA.id}/consentproofs`,
    );
    expect(proofs.body).toHaveLength(1);
    expect(proofs.body[0]).toMatchObject({
      source: 'form',
      formId: form.id,
      formName: form.name,
      consentVersion: 1,
      consentText: form.consentText,
    });
    expect(proofs.body[0].confirmedAt).not.toBeNull();
    expect(proofs.body[0].ipHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the old consent text version when it changes; a new sign-up proves the new version', async () => {
    const changed = await call<SignUpForm>(
      'PUT',
      `/signupforms/${form.id}`,
      formInput([listA.id, listB.id], { consentText: 'Ja, stuur mij de nieuwsbrief (versie 2).' }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.consentVersion).toBe(2);
    form = changed.body;
    const email = 'inwoner.twee@voorbeeld.nl';
    const token = await timeToken();
    later(4);
    expect(
      (
        await post([
          ['t', token],
          ['email', email],
          ['firstName', 'Tom'],
          ['lijst', listB.id],
          ['toestemming', 'ja'],
        ])
      ).status,
    ).toBe(303);
    await expect
      .poll(async () => (await caughtTo(email, form.confirmationSubject)).length, { timeout: 30_000 })
      .toBe(1);
    const [mail] = await caughtTo(email, form.confirmationSubject);
    const linkPath = new URL(/https?:\/\/\S+\/bevestigen\/\S+/.exec(mail.text ?? '')![0]).pathname;
    expect((await server.api('POST', linkPath, { headers: { accept: 'text/html' } })).status).toBe(200);
    const [inB] = await subscribersOf(listB, email);
    expect(await subscribersOf(listA, email)).toHaveLength(0);
    const proofs = await call<ConsentProof[]>(
      'GET',
      `/list/manual/${listB.id}/subscriber/${inB.id}/consentproofs`,
    );
    expect(proofs.body[0]).toMatchObject({
      consentVersion: 2,
      consentText: 'Ja, stuur mij de nieuwsbrief (versie 2).',
    });
    // The first sign-up's proof still points at version 1.
    const [first] = await subscribersOf(listA, 'inwoner.een@voorbeeld.nl');
    const firstProofs = await call<ConsentProof[]>(
      'GET',
      `/list/manual/${listA.id}/subscriber/${first.id}/consentproofs`,
    );
    expect(firstProofs.body[0]).toMatchObject({ consentVersion: 1 });
  });

  it('answers a subscribed address exactly like a new one, and mails its owner instead', async () => {
    const email = 'inwoner.een@voorbeeld.nl';
    const fresh = 'nog.niet.aangemeld@voorbeeld.nl';
    const answers = [];
    for (const address of [email, fresh]) {
      const token = await timeToken();
      later(4);
      answers.push(
        await post([
          ['t', token],
          ['email', address],
          ['firstName', 'Ilse'],
          ['lijst', listA.id],
          ['lijst', listB.id],
          ['toestemming', 'ja'],
        ]),
      );
    }
    expect(answers[0].status).toBe(answers[1].status);
    expect(answers[0].headers.location).toBe(answers[1].headers.location);
    expect(answers[0].text).toBe(answers[1].text);
    await expect
      .poll(async () => (await caughtTo(email, 'Je bent al aangemeld')).length, { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(async () => (await caughtTo(fresh, form.confirmationSubject)).length, { timeout: 30_000 })
      .toBe(1);
    expect(await caughtTo(email, form.confirmationSubject)).toHaveLength(1);
  });

  it('refuses the honeypot and a too-fast post with a neutral Dutch message, and mails nothing', async () => {
    const email = 'robot@voorbeeld.nl';
    const fields: Array<[string, string]> = [
      ['email', email],
      ['firstName', 'Robot'],
      ['lijst', listA.id],
      ['toestemming', 'ja'],
    ];
    const token = await timeToken();
    later(1);
    const tooFast = await post([['t', token], ...fields]);
    expect(tooFast.status).toBe(400);
    expect(tooFast.text).toContain('Je aanmelding is niet verwerkt.');
    later(10);
    const honeypot = await post([['t', token], ...fields, ['website', 'http://spam.example']]);
    expect(honeypot.status).toBe(400);
    expect(honeypot.text).toContain('Je aanmelding is niet verwerkt.');
    later(2 * 24 * 60 * 60);
    const stale = await post([['t', token], ...fields]);
    expect(stale.status).toBe(400);
    // A post of the snippet (no time token) passes the same checks and is held to the mailed confirmation.
    const snippet = await post([
      ...fields.map(([name, value]): [string, string] => [
        name,
        name === 'email' ? 'snippet@voorbeeld.nl' : value,
      ]),
    ]);
    expect(snippet.status).toBe(303);
    await expect
      .poll(async () => (await caughtTo('snippet@voorbeeld.nl', form.confirmationSubject)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await caughtTo(email, form.confirmationSubject)).toHaveLength(0);
  });

  it('names the field of a missing answer in Dutch and keeps what was typed', async () => {
    const token = await timeToken();
    later(4);
    const refused = await post([
      ['t', token],
      ['email', 'geen-adres'],
      ['lastName', 'Jansen'],
      ['lijst', listA.id],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('E-mailadres: vul een geldig e-mailadres in');
    expect(refused.text).toContain('Vul je voornaam in.');
    expect(refused.text).toContain('Geef je toestemming');
    expect(refused.text).toContain('value="Jansen"');
  });

  it("keeps environments apart: another environment's form id is not found", async () => {
    const foreign = await server.api('GET', `/s/${cultuurhuis}/${form.id}`, {
      headers: { accept: 'text/html' },
    });
    expect(foreign.status).toBe(404);
    const foreignPost = await server.api('POST', `/s/${cultuurhuis}/${form.id}`, {
      headers: formEncoded,
      body: 'email=a%40voorbeeld.nl&toestemming=ja',
    });
    expect(foreignPost.status).toBe(404);
    expect((await call('GET', `/signupforms/${form.id}`, undefined, cultuurhuis)).status).toBe(404);
    expect((await call('PUT', `/signupforms/${form.id}`, formInput([listA.id]), cultuurhuis)).status).toBe(
      404,
    );
  });

  it("records a staff member's manual add as consent by that user", async () => {
    const added = await call<{ id: string }>('POST', `/list/manual/${listA.id}/subscriber`, {
      name: 'Handmatig Toegevoegd',
      email: 'handmatig@voorbeeld.nl',
      isOrganization: false,
    });
    expect(added.status).toBe(201);
    const proofs = await call<ConsentProof[]>(
      'GET',
      `/list/manual/${listA.id}/subscriber/${added.body.id}/consentproofs`,
    );
    expect(proofs.body).toEqual([
      expect.objectContaining({ source: 'staff', userName: demoUsers.anne.name, formId: null, ipHash: null }),
    ]);
  });
});

describe('sign-up expiry', () => {
  let seeded: SeededDatabase;
  let db: Database;
  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-sign-up-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  const day = 24 * 60 * 60 * 1000;

  /** A form offering one new public list, with one sign-up stored at `at`; answers the ids. */
  async function pendingSignUp(title: string, at: Date) {
    const [list] = await selectRows<{ id: string }>(
      db,
      sql`INSERT INTO lists (environment_id, title, is_public) VALUES (${zuiderveen}, ${title}, true) RETURNING id`,
    );
    const created = await createSignUpForm(db, zuiderveen, formInput([list.id]), 'https://localhost');
    const form = (await loadSignUpForm(db, zuiderveen, created.id))!;
    const signUp = {
      email: `${title.toLowerCase()}@voorbeeld.nl`,
      values: { firstName: title },
      listIds: [list.id],
    };
    expect(await storeSignUp(db, form, signUp, { now: at, ipHash: null })).toBe('confirmation-queued');
    const [pending] = await selectRows<{ id: string }>(
      db,
      sql`SELECT id FROM pending_sign_ups WHERE form_id = ${form.id}`,
    );
    return { listId: list.id, pendingId: pending.id, ids: { environmentId: zuiderveen, formId: form.id } };
  }

  const subscriberCount = async (listId: string) =>
    (
      await selectRows<{ count: number }>(
        db,
        sql`SELECT count(*)::int AS count FROM subscribers WHERE list_id = ${listId}`,
      )
    )[0].count;

  it('removes unconfirmed sign-ups after 7 days (injected clock); their link no longer confirms', async () => {
    const at = new Date('2026-11-01T12:00:00Z');
    const { listId, pendingId, ids } = await pendingSignUp('Traag', at);
    expect(await expirePendingSignUps(db, new Date(at.getTime() + 6 * day))).toBe(0);
    expect(await expirePendingSignUps(db, new Date(at.getTime() + 7 * day + 1))).toBe(1);
    expect(await confirmSignUp(db, ids, pendingId, new Date(at.getTime() + 7 * day + 2))).toBe('expired');
    expect(await subscriberCount(listId)).toBe(0);
  });

  it('refuses a confirmation after 7 days even before the duty ran; confirms once in time', async () => {
    const at = new Date('2026-11-01T12:00:00Z');
    const { listId, pendingId, ids } = await pendingSignUp('Laat', at);
    expect(await confirmSignUp(db, ids, pendingId, new Date(at.getTime() + 8 * day))).toBe('expired');
    expect(await confirmSignUp(db, ids, pendingId, new Date(at.getTime() + 60_000))).toBe('confirmed');
    expect(await confirmSignUp(db, ids, pendingId, new Date(at.getTime() + 120_000))).toBe(
      'already-confirmed',
    );
    expect(await subscriberCount(listId)).toBe(1);
  });
});

describe("a confirmed sign-up undoes the address owner's global unsubscribe and erasure", () => {
  let seeded: SeededDatabase;
  let db: Database;
  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-sign-up-again-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  const at = new Date('2026-11-20T12:00:00Z');
  const confirmedAt = new Date(at.getTime() + 60_000);

  /**
   * A public list with an audience of it, a form offering it, and `email`'s sign-up stored (unconfirmed);
   * with `onListBefore`, the address is a subscriber of the list before it signs up.
   */
  async function signUp(title: string, email: string, { onListBefore = false } = {}) {
    const [list] = await selectRows<{ id: string }>(
      db,
      sql`INSERT INTO lists (environment_id, title, is_public) VALUES (${zuiderveen}, ${title}, true) RETURNING id`,
    );
    if (onListBefore)
      await db.execute(
        sql`INSERT INTO subscribers (list_id, name, email) VALUES (${list.id}, ${title}, ${email.toLowerCase()})`,
      );
    const [audience] = await selectRows<{ id: string }>(
      db,
      sql`INSERT INTO audiences (environment_id, name) VALUES (${zuiderveen}, ${title}) RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO audience_lists (audience_id, list_id) VALUES (${audience.id}, ${list.id})`,
    );
    const created = await createSignUpForm(
      db,
      zuiderveen,
      formInput([list.id], { name: `Formulier ${title}` }),
      'https://localhost',
    );
    const form = (await loadSignUpForm(db, zuiderveen, created.id))!;
    const stored = await storeSignUp(
      db,
      form,
      { email, values: { firstName: title }, listIds: [list.id] },
      { now: at, ipHash: null },
    );
    expect(stored).toBe('confirmation-queued');
    const [pending] = await selectRows<{ id: string }>(
      db,
      sql`SELECT id FROM pending_sign_ups WHERE form_id = ${form.id}`,
    );
    return {
      listId: list.id,
      formName: form.name,
      pendingId: pending.id,
      ids: { environmentId: zuiderveen, formId: form.id },
      /** Whom a delivery to the list would send to now (the recipient resolution's count). */
      reached: () =>
        countRecipientsToSend(db, zuiderveen, {
          audienceId: audience.id,
          participantGroup: null,
          // Any publication: only a participants' job reads it.
          publicationId: '00000000-0000-4000-8000-000000000000',
        }),
    };
  }

  const onList = async (listId: string, email: string) =>
    (
      await selectRows<{ count: number }>(
        db,
        sql`SELECT count(*)::int AS count FROM subscribers WHERE list_id = ${listId} AND lower(email) = lower(${email})`,
      )
    )[0].count;

  /** Twenty confirmations at once (really at once on PostgreSQL's pool): one confirms, the rest find it done. */
  async function confirmTwentyTimes(ids: { environmentId: string; formId: string }, pendingId: string) {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => confirmSignUp(db, ids, pendingId, confirmedAt)),
    );
    expect(outcomes.filter((outcome) => outcome === 'confirmed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already-confirmed')).toHaveLength(19);
  }

  it('a globally unsubscribed address that confirms is on the list, no longer unsubscribed, and reached', async () => {
    const email = 'Weer.Terug@voorbeeld.nl';
    await db.execute(
      sql`INSERT INTO unsubscribers (environment_id, email, created_at) VALUES (${zuiderveen}, 'weer.terug@voorbeeld.nl', ${new Date('2026-10-01T08:00:00Z')})`,
    );
    const { listId, formName, pendingId, ids, reached } = await signUp('Terugkeer', email);
    expect(await suppressionOf(db, zuiderveen, email)).toBe(unsubscribedAddressReason);

    await confirmTwentyTimes(ids, pendingId);
    expect(await onList(listId, email)).toBe(1);
    expect(await suppressionOf(db, zuiderveen, email)).toBeUndefined();
    expect(await reached()).toBe(1);
    // The unsubscriber's history (the undone unsubscribes staff see) names who undid it and how, once.
    const history = await removalPage(db, zuiderveen, { search: 'weer.terug' });
    expect(history.data).toEqual([
      expect.objectContaining({
        email: 'weer.terug@voorbeeld.nl',
        removedAt: confirmedAt.toISOString(),
        removedBy: resubscribedBy,
        reason: signUpResubscribeReason(formName),
      }),
    ]);
    expect(history.data[0].reason).toContain(`'${formName}'`);
    // The subscriber's panel ('Opnieuw aangemeld') shows the same undo.
    expect(await resubscribeHistory(db, zuiderveen, email)).toEqual([
      { unsubscribedAt: '2026-10-01T08:00:00.000Z', resubscribedAt: confirmedAt.toISOString() },
    ]);
  });

  it('an address on the list but unsubscribed from everything gets the confirmation link, not "al aangemeld"', async () => {
    const email = 'nog.op.de.lijst@voorbeeld.nl';
    await db.execute(
      sql`INSERT INTO unsubscribers (environment_id, email, created_at) VALUES (${zuiderveen}, ${email}, ${new Date('2026-10-01T08:00:00Z')})`,
    );
    // signUp expects 'confirmation-queued': the address receives nothing, so 'al aangemeld' would be untrue.
    const { listId, pendingId, ids, reached } = await signUp('Nog op de lijst', email, {
      onListBefore: true,
    });
    expect(await reached()).toBe(0);

    await confirmTwentyTimes(ids, pendingId);
    expect(await onList(listId, email)).toBe(1);
    expect(await suppressionOf(db, zuiderveen, email)).toBeUndefined();
    expect(await reached()).toBe(1);
  });

  it('an erased address stays refused by imports and manual adds until it confirms a sign-up itself', async () => {
    const email = 'gewist.en.terug@voorbeeld.nl';
    const { listId, formName, pendingId, ids, reached } = await signUp('Gewist', email);
    await erasePerson(db, zuiderveen, email, { self: true });
    // The erasure removed the pending sign-up with the rest; the person signs up again.
    const again = await signUp('Opnieuw', email);
    expect(await confirmSignUp(db, ids, pendingId, confirmedAt)).toBe('expired');
    expect(await onList(listId, email)).toBe(0);

    // Before the confirmation: a manual add (suppressionOf) and an import (erasedAddresses) refuse it.
    expect(await suppressionOf(db, zuiderveen, email)).toBe(erasedAddressReason);
    expect([...(await erasedAddresses(db, zuiderveen, [email]))]).toEqual([email]);
    expect(await again.reached()).toBe(0);

    await confirmTwentyTimes(again.ids, again.pendingId);
    expect(await onList(again.listId, email)).toBe(1);
    expect(await again.reached()).toBe(1);
    expect(await suppressionOf(db, zuiderveen, email)).toBeUndefined();
    expect(await erasedAddresses(db, zuiderveen, [email])).toEqual(new Set());
    const hash = addressHash(await addressHashKey(db), zuiderveen, email);
    const suppression = await selectRows<{
      removed_by: string;
      removal_reason: string;
      at_confirmation: boolean;
    }>(
      db,
      sql`SELECT removed_by, removal_reason, removed_at = ${confirmedAt} AS at_confirmation
          FROM unsubscribers WHERE address_hash = ${hash}`,
    );
    expect(suppression).toEqual([
      {
        removed_by: resubscribedBy,
        removal_reason: signUpResubscribeReason(again.formName),
        at_confirmation: true,
      },
    ]);
    expect(formName).not.toBe(again.formName);
    // The erasure's suppression, matched by its hash, is in the subscriber's history too.
    expect((await resubscribeHistory(db, zuiderveen, email)).map((entry) => entry.resubscribedAt)).toEqual([
      confirmedAt.toISOString(),
    ]);
    expect(await reached()).toBe(0);
  });
});
