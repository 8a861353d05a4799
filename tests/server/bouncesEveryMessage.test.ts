import { sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryJob } from '../../server/src/contract/publications';
import type { ReceiverList, SubscriberPage, UnsubscriberPage } from '../../server/src/contract/receivers';
import type { RsvpSettingsRecord } from '../../server/src/contract/rsvp';
import type { SignUpForm } from '../../server/src/contract/signUp';
import { recordDeliveryReport } from '../../server/src/bounces/undeliverable';
import type { Database } from '../../server/src/db/client';
import { selectRows } from '../../server/src/delivery/selectRows';
import { markMailed, requestResubscribe } from '../../server/src/preferences/resubscribe';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';
import { postfixBounce } from './support/postfixBounce';
import { startSmtpSink, type SmtpSink, type SunkMessage } from './support/smtpSink';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// Issue 37.6: every kind of message the platform sends (a delivery job's, so a journey's too; an RSVP
// email; a test send; a sign-up form's mail) goes out with a bounce address of its own, and a bounce of any of them reaches the
// bounce listener and the same rules: a hard bounce excludes the address, soft bounces count together
// over the address's messages of every kind. Through the real server, SMTP sink and bounce listener.

const env = environmentIds.zuiderveen;
const invitation = publicationIds.publications.newYearReception;
const newsletter = publicationIds.publications.januaryNewsletter;
const day = 24 * 60 * 60 * 1000;
const hardBounced = 'anne@voorbeeld.nl';
const softBounced = 'bram@voorbeeld.nl';
/** A per-message bounce address on the sending domain, of the kind given ('' for a delivery job's). */
const bounceAddressOf = (kind: '' | 'rsvp.' | 'test.' | 'signup.') =>
  new RegExp(`^bounce\\+${kind.replace('.', '\\.')}[0-9a-z]+-[0-9a-f]{16}@zuiderveen\\.example$`);

/** The decoded text/plain part of a sunk message. */
function plainText(message: SunkMessage): string {
  const part =
    /Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      message.source,
    );
  return part ? Buffer.from(part[1].replace(/\r\n/g, ''), 'base64').toString('utf8') : '';
}

describe('every message has its own bounce address and feeds the bounce rules', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;
  let bouncePort: number;
  /** How far the sign-up pages' clock is ahead, so a form's 3-second minimum passes without waiting. */
  let signUpSkew = 0;

  beforeAll(async () => {
    sink = await startSmtpSink({ keepSource: true });
    bouncePort = await freePort();
    server = await startTestServer(
      {
        SMTP_URL: sink.url,
        DELIVERY_RETRY_DELAY_MS: '0',
        DELIVERY_SWEEP_SECONDS: '1',
        TRUST_PROXY: 'on',
        BOUNCE_SMTP_PORT: String(bouncePort),
      },
      { signUpClock: () => new Date(Date.now() + signUpSkew) },
    );
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) =>
    server.api<T>(method, path, { token, env, body, query });
  let client = 0;
  const page = (method: string, path: string, form?: Record<string, string>) =>
    server.api<string>(method, path, {
      headers: {
        accept: 'text/html',
        'x-forwarded-for': `10.9.1.${++client}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });

  /** The next message to `address` whose subject matches, once the sink has it. */
  const nextMessage = async (address: string, subject: RegExp, after: number) => {
    const find = () =>
      sink.accepted
        .slice(after)
        .find(
          (message) => message.to.toLowerCase() === address && subject.test(message.headers.subject ?? ''),
        );
    await expect.poll(find, { timeout: 30_000, interval: 100 }).toBeDefined();
    return find()!;
  };

  /** Hands a bounce to the listener at the message's envelope sender, as the receiving mail server would. */
  const bounce = async (message: SunkMessage, status: string) => {
    const transport = createTransport({
      host: '127.0.0.1',
      port: bouncePort,
      secure: false,
      ignoreTLS: true,
    });
    try {
      const sent = await transport.sendMail({
        envelope: { from: '', to: message.from },
        raw: postfixBounce(message, {
          action: 'failed',
          status,
          diagnostic: status.startsWith('5')
            ? `550 5.1.1 <${message.to}>: Recipient address rejected: User unknown`
            : 'connect to mail.example.net[192.0.2.25]:25: Connection timed out',
        }),
      });
      expect(sent.accepted).toEqual([message.from]);
    } finally {
      transport.close();
    }
  };

  const unsubscriberOf = async (email: string) => {
    const found = await api<UnsubscriberPage>('GET', '/unsubscribers', undefined, { search: email });
    return found.body.data.find((row) => row.email.toLowerCase() === email);
  };

  /** A test send of the newsletter to `address`; answers the message the sink received. */
  const testSend = async (address: string) => {
    const before = sink.accepted.length;
    const sent = await api('POST', `/publications/${newsletter}/test-sends`, {
      templateId: publicationIds.templates.zuiderveenStandard,
      addresses: [address],
    });
    expect(sent.status, sent.text).toBe(200);
    return nextMessage(address, /^\[TEST\]/, before);
  };

  it('an RSVP email, a test send and a delivery job each carry their own bounce address, and their bounces count', async () => {
    // An invitation with RSVP, sent to the editors' test audience (Anne, Bram and the editors).
    const startsAt = new Date(Date.now() + 10 * day);
    const saved = await api<RsvpSettingsRecord>('PUT', `/publications/${invitation}/rsvp`, {
      enabled: true,
      title: 'Nieuwjaarsreceptie',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      location: 'Raadhuis Zuiderveen',
      onlineUrl: null,
      places: 0,
      maxGuests: 0,
      deadline: null,
      allowMaybe: true,
      waitingList: false,
      cancelled: false,
    });
    expect(saved.status, saved.text).toBe(200);
    const before = sink.accepted.length;
    const job = await api<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId: invitation,
      publicationTemplateId: publicationIds.templates.zuiderveenInvitation,
      title: 'Uitnodiging versturen',
      audienceId: receiverIds.audiences.editorsTest,
    });
    expect(job.status, job.text).toBe(201);
    const invited = await nextMessage(hardBounced, /.*/, before);
    // The delivery job's message: a bounce address naming its recipient row.
    expect(invited.from).toMatch(bounceAddressOf(''));
    const answerPath = (message: SunkMessage) =>
      /Ja: https:\/\/[^/\s]+(\/r\/[^?\s]+)\?antwoord=ja/.exec(plainText(message))![1];

    // Anne answers; her confirmation goes out with its own bounce address, and bounces hard.
    const beforeAnswer = sink.accepted.length;
    expect((await page('POST', answerPath(invited), { antwoord: 'Ja' })).status).toBe(200);
    const confirmation = await nextMessage(hardBounced, /^Je antwoord is ontvangen/, beforeAnswer);
    expect(confirmation.from).toMatch(bounceAddressOf('rsvp.'));
    await bounce(confirmation, '5.1.1');
    const excluded = await unsubscriberOf(hardBounced);
    expect(excluded).toMatchObject({ cause: 'Onbestelbaar' });
    expect(excluded!.causeDetail).toContain("na de RSVP-mail van 'Nieuwjaarsreceptie'");

    // Bram: his RSVP confirmation and two test sends bounce softly; they count together, three in a row.
    const bramInvited = await nextMessage(softBounced, /.*/, before);
    const beforeBram = sink.accepted.length;
    expect((await page('POST', answerPath(bramInvited), { antwoord: 'Misschien' })).status).toBe(200);
    const bramConfirmation = await nextMessage(softBounced, /^Je antwoord is ontvangen/, beforeBram);
    expect(bramConfirmation.from).toMatch(bounceAddressOf('rsvp.'));
    await bounce(bramConfirmation, '4.4.1');
    const firstTest = await testSend(softBounced);
    expect(firstTest.from).toMatch(bounceAddressOf('test.'));
    expect(firstTest.from).not.toBe(bramConfirmation.from);
    await bounce(firstTest, '4.4.1');
    expect(await unsubscriberOf(softBounced)).toBeUndefined();
    const secondTest = await testSend(softBounced);
    expect(secondTest.from).toMatch(bounceAddressOf('test.'));
    expect(secondTest.from).not.toBe(firstTest.from);
    await bounce(secondTest, '4.4.1');
    const softly = await unsubscriberOf(softBounced);
    expect(softly).toMatchObject({ cause: 'Onbestelbaar' });
    expect(softly!.causeDetail).toContain('3 verzendingen op rij');
    expect(softly!.causeDetail).toContain("na de test '[TEST]");

    // A test send bounced hard excludes its address too.
    const editors = 'redactie@zuiderveen.example.nl';
    const editorsTest = await testSend(editors);
    await bounce(editorsTest, '5.1.1');
    expect(await unsubscriberOf(editors)).toMatchObject({ cause: 'Onbestelbaar' });
  });

  it("a sign-up form's confirmation mail carries its own bounce address; a hard bounce ends the sign-up", async () => {
    const created = await api<ReceiverList>('POST', '/list/manual', undefined, { title: 'Aanmelders' });
    const list = await api<ReceiverList>('PUT', `/list/manual/${created.body.id}`, undefined, {
      title: 'Aanmelders',
      isPublic: 'true',
    });
    expect(list.body.isPublic).toBe(true);
    const form = await api<SignUpForm>('POST', '/signupforms', {
      name: 'Aanmelden voor de wijkberichten',
      listIds: [list.body.id],
      askedFields: [],
      requiredFields: [],
      consentText: 'Ik wil de wijkberichten ontvangen.',
      confirmationSubject: 'Bevestig je aanmelding',
      confirmationText: 'Klik op de link om je aanmelding te bevestigen.',
      confirmedText: 'Dank je wel!',
    });
    expect(form.status, form.text).toBe(201);
    const hosted = `/s/${env}/${form.body.id}`;
    const timeToken = /name="t" value="([^"]+)"/.exec((await page('GET', hosted)).text)![1];
    signUpSkew += 5_000;
    const address = 'onbekend.adres@voorbeeld.nl';
    const before = sink.accepted.length;
    const posted = await page('POST', hosted, {
      t: timeToken,
      email: address,
      lijst: list.body.id,
      toestemming: 'ja',
      website: '',
    });
    expect(posted.status).toBe(303);
    const mail = await nextMessage(address, /^Bevestig je aanmelding$/, before);
    expect(mail.from).toMatch(bounceAddressOf('signup.'));
    expect(mail.headers['message-id']).toMatch(/^<signup\.\d+@zuiderveen\.example>$/);

    await bounce(mail, '5.1.1');
    const excluded = await unsubscriberOf(address);
    expect(excluded).toMatchObject({ cause: 'Onbestelbaar' });
    expect(excluded!.causeDetail).toContain(
      "na de mail van het aanmeldformulier 'Aanmelden voor de wijkberichten'",
    );
    // The bounced link no longer confirms (else the confirmation would undo the exclusion it just caused).
    const confirmPath = new URL(/https?:\/\/\S+\/bevestigen\/\S+/.exec(plainText(mail))![0]).pathname;
    expect((await page('POST', confirmPath)).status).toBe(400);
    const members = await api<SubscriberPage>('GET', `/list/manual/${list.body.id}/subscribers`);
    expect(members.body.total).toBe(0);
    expect(await unsubscriberOf(address)).toMatchObject({ cause: 'Onbestelbaar' });
  });
});

describe("a re-subscribe confirmation's bounce", () => {
  let seeded: SeededDatabase;
  let db: Database;
  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-resubscribe-bounce-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  it('is recorded once for the request its bounce address names', async () => {
    const email = 'terug.afgemeld@voorbeeld.nl';
    const now = new Date();
    await db.execute(sql`INSERT INTO unsubscribers (environment_id, email) VALUES (${env}, ${email})`);
    const requested = await requestResubscribe(db, env, email, now);
    if (requested.outcome !== 'requested') throw new Error(requested.outcome);
    await markMailed(db, requested.requestId, now);
    const message = { kind: 'resubscribe', id: requested.requestId } as const;
    const report = { kind: 'soft', status: '4.2.2', diagnostic: 'Mailbox full' } as const;
    expect(await recordDeliveryReport(db, message, report, now)).toBe('recorded');
    expect(await recordDeliveryReport(db, message, report, now)).toBe('repeated');
    const bounces = await selectRows<{ kind: string }>(
      db,
      sql`SELECT kind FROM mail_bounces WHERE message_kind = 'resubscribe' AND message_id = ${requested.requestId}`,
    );
    expect(bounces).toEqual([{ kind: 'soft' }]);
    expect(
      await recordDeliveryReport(db, { kind: 'resubscribe', id: requested.requestId + 1000 }, report, now),
    ).toBe('unknown recipient');
  });
});
