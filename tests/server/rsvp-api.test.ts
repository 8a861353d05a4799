import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryJob, DeliveryRecipientPage } from '../../server/src/contract/publications';
import type { FieldOption, FormField } from '../../server/src/contract/forms';
import type { UnsubscriberPage } from '../../server/src/contract/receivers';
import type { RsvpInviteePage, RsvpSettingsRecord, RsvpSummary } from '../../server/src/contract/rsvp';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { isRsvpLink } from '../../server/src/rsvp/rsvpAddress';
import { startSmtpSink, type SmtpSink, type SunkMessage } from './support/smtpSink';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// An invitation through the real server: settings, a delivery job that invites its recipients, the
// personal links in the messages (GET and HEAD record nothing, POST records), the participants-only job,
// `ignoreRsvp`, the console's counts, staff change and CSV, and another environment's view.

const env = environmentIds.zuiderveen;
const publicationId = publicationIds.publications.newYearReception;
const day = 24 * 60 * 60 * 1000;

/** The decoded text/plain part of a sunk message. */
function plainText(message: SunkMessage): string {
  const part =
    /Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      message.source,
    );
  return part ? Buffer.from(part[1].replace(/\r\n/g, ''), 'base64').toString('utf8') : '';
}

describe('RSVP through the server', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      SMTP_URL: sink.url,
      DELIVERY_RETRY_DELAY_MS: '0',
      DELIVERY_SWEEP_SECONDS: '1',
      TRUST_PROXY: 'on',
    });
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, inEnv: string = env) =>
    server.api<T>(method, path, { token, env: inEnv, body });
  let client = 0;
  const page = (method: string, path: string, form?: Record<string, string>) =>
    server.api<string>(method, path, {
      headers: {
        accept: 'text/html',
        'x-forwarded-for': `10.9.0.${++client}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });

  const finished = async (jobId: string) => {
    await expect
      .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('Verzonden');
    return (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body;
  };
  const job = async (extra: Record<string, unknown>) => {
    const response = await api<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId,
      publicationTemplateId: publicationIds.templates.zuiderveenInvitation,
      title: 'Uitnodiging versturen',
      ...extra,
    });
    expect(response.status, response.text).toBe(201);
    return finished(response.body.id);
  };
  const summary = async () =>
    (await api<RsvpSummary>('GET', `/publications/${publicationId}/rsvp/summary`)).body;
  const answerPath = (address: string) => {
    const message = sink.accepted.find(
      (candidate) => candidate.to.toLowerCase() === address && /\/r\//.test(plainText(candidate)),
    );
    const link = /Ja: https:\/\/[^/\s]+(\/r\/[^?\s]+)\?antwoord=ja/.exec(message ? plainText(message) : '');
    expect(link, `no RSVP link for ${address}`).not.toBeNull();
    return link![1];
  };

  it('an invitation of 2 places sent to 3: links, GET/HEAD record nothing, the third waits and is promoted', async () => {
    const settings = await api<RsvpSettingsRecord>('GET', `/publications/${publicationId}/rsvp`);
    expect(settings.body).toMatchObject({ exists: false, enabled: false });
    const startsAt = new Date(Date.now() + 10 * day);
    const saved = await api<RsvpSettingsRecord>('PUT', `/publications/${publicationId}/rsvp`, {
      enabled: true,
      title: 'Nieuwjaarsreceptie',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      location: 'Raadhuis Zuiderveen',
      onlineUrl: null,
      places: 2,
      maxGuests: 0,
      deadline: null,
      allowMaybe: true,
      waitingList: true,
      cancelled: false,
    });
    expect(saved.status, saved.text).toBe(200);
    const bad = await api<{ field: string }>('PUT', `/publications/${publicationId}/rsvp`, {
      ...saved.body,
      endsAt: new Date(startsAt.getTime() - 1000).toISOString(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('endsAt');

    // Participants-only before anyone was invited: refused, saying why.
    const early = await api<{ field: string; message: string }>('POST', '/deliveryjobs', {
      publicationId,
      publicationTemplateId: publicationIds.templates.zuiderveenInvitation,
      title: 'Deelnemers',
      SendToOnlyAcceptedRsvp: true,
    });
    expect(early.status).toBe(400);
    expect(early.body.field).toBe('SendToOnlyAcceptedRsvp');

    await job({ audienceId: receiverIds.audiences.editorsTest });
    expect(await summary()).toMatchObject({ invited: 3, noAnswer: 3, yes: 0, placesLeft: 2 });
    const [anne, bram, redactie] = [
      'anne@voorbeeld.nl',
      'bram@voorbeeld.nl',
      'redactie@zuiderveen.example.nl',
    ].map(answerPath);
    const message = sink.accepted.find((candidate) => candidate.to.toLowerCase() === 'anne@voorbeeld.nl')!;
    expect(plainText(message)).toContain('Aanmelden');
    expect(isRsvpLink(`${server.config.publicUrl}${anne}`, server.config.publicUrl)).toBe(true);

    // A link scanner opens every link: GET and HEAD show, record nothing.
    const shown = await page('GET', `${anne}?antwoord=ja`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Nieuwjaarsreceptie');
    expect(shown.text).toMatch(/value="Ja"\s+checked/);
    expect(shown.text).toContain('Nog 2 plaatsen vrij.');
    expect((await page('HEAD', `${anne}?antwoord=ja`)).status).toBe(200);
    expect(await summary()).toMatchObject({ noAnswer: 3, yes: 0 });

    // A forged or altered token gets the dead-link page.
    const altered = anne.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const refused = await page('POST', altered, { antwoord: 'Ja' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Deze link werkt niet');
    expect((await page('POST', anne, { antwoord: 'Kom ik' })).status).toBe(400);

    for (const path of [anne, bram]) {
      const posted = await page('POST', path, { antwoord: 'Ja' });
      expect(posted.status).toBe(200);
      expect(posted.text).toContain('Je antwoord is opgeslagen');
      expect(posted.text).toContain('Zet in je agenda');
    }
    const third = await page('POST', redactie, { antwoord: 'Ja' });
    expect(third.text).toContain(
      'Alle plaatsen zijn bezet: je staat op de wachtlijst. Komt er een plaats vrij, dan krijg je een e-mail.',
    );
    expect(await summary()).toMatchObject({ yes: 2, waiting: 1, placesLeft: 0 });

    const calendar = await page('GET', `${anne}/agenda.ics`);
    expect(calendar.headers['content-type']).toContain('text/calendar');
    expect(calendar.text).toContain('METHOD:PUBLISH');

    // Anne changes to Nee: the waiting one is promoted and told so.
    await page('POST', anne, { antwoord: 'Nee' });
    expect(await summary()).toMatchObject({ yes: 2, no: 1, waiting: 0, placesLeft: 0 });
    await expect
      .poll(
        () =>
          sink.accepted.filter((candidate) =>
            /Er is een plaats voor je vrij/.test(candidate.headers.subject ?? ''),
          ).length,
        { timeout: 20_000, interval: 100 },
      )
      .toBe(1);
    const promoted = sink.accepted.find((candidate) =>
      /Er is een plaats voor je vrij/.test(candidate.headers.subject ?? ''),
    )!;
    expect(promoted.to.toLowerCase()).toBe('redactie@zuiderveen.example.nl');

    // 'Deelnemers - RsvP die komen' reaches the two Ja only.
    const participants = await job({ SendToOnlyAcceptedRsvp: true, title: 'Praktische informatie' });
    expect(participants.recipientCount).toBe(2);
    const recipients = await api<DeliveryRecipientPage>('GET', `/deliveryjobs/${participants.id}/recipients`);
    expect(recipients.body.data.map((recipient) => recipient.email.toLowerCase()).sort()).toEqual([
      'bram@voorbeeld.nl',
      'redactie@zuiderveen.example.nl',
    ]);

    // Unsubscribed from everything, Bram gets no RSVP mail (mailOutbox.ts): the page promises none. His
    // answer stays 'Ja' and the unsubscribe is undone after, for the tests that follow.
    const unsubscribed = await server.api<{ id: string }>('POST', '/unsubscribers', {
      token,
      env,
      query: { email: 'bram@voorbeeld.nl' },
    });
    expect(unsubscribed.status).toBe(201);
    const answered = await page('POST', bram, { antwoord: 'Ja' });
    expect(answered.status).toBe(200);
    expect(answered.text).toContain(
      'Je antwoord is opgeslagen. Je hebt je afgemeld voor berichten van Gemeente Zuiderveen, dus je krijgt geen bevestiging per e-mail.',
    );
    const undone = await api('DELETE', `/unsubscribers/${unsubscribed.body.id}`, {
      reason: 'Test: weer aangemeld',
      removedBy: 'Test',
    });
    expect(undone.status, undone.text).toBeLessThan(300);
  });

  it('a job with ignoreRsvp invites nobody and carries no answer buttons', async () => {
    const before = (await summary()).invited;
    const sentBefore = sink.accepted.length;
    await job({
      audienceId: receiverIds.audiences.residentsCentre,
      ignoreRsvp: true,
      title: 'Zonder aanmelden',
    });
    expect((await summary()).invited).toBe(before);
    const fresh = sink.accepted.slice(sentBefore);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.some((message) => /\/r\//.test(plainText(message)))).toBe(false);
  });

  it('the console lists, filters and changes answers (logged as staff), exports CSV; another environment sees nothing', async () => {
    const list = await server.api<RsvpInviteePage>('GET', `/publications/${publicationId}/rsvp/invitees`, {
      token,
      env,
      query: { answer: 'Ja' },
    });
    expect(list.body.total).toBe(2);
    const bram = list.body.data.find((invitee) => invitee.email.toLowerCase() === 'bram@voorbeeld.nl')!;
    const changed = await api<RsvpSummary>('PUT', `/publications/${publicationId}/rsvp/invitees/${bram.id}`, {
      answer: 'Misschien',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ yes: 1, maybe: 1, placesLeft: 1 });
    const after = await server.api<RsvpInviteePage>('GET', `/publications/${publicationId}/rsvp/invitees`, {
      token,
      env,
      query: { search: 'bram' },
    });
    expect(after.body.data[0]).toMatchObject({ answer: 'Misschien', source: 'medewerker' });
    const badAnswer = await api<{ field?: string }>(
      'PUT',
      `/publications/${publicationId}/rsvp/invitees/${bram.id}`,
      {
        answer: 'Wellicht',
      },
    );
    expect(badAnswer.status).toBe(400);

    const csv = await api<string>('GET', `/publications/${publicationId}/rsvp/invitees/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Naam;E-mailadres;Antwoord;Gasten;Vragen;Tijdstip;Bron');
    expect(lines).toHaveLength(4);
    expect(
      lines.some(
        (line) =>
          line.includes('bram@voorbeeld.nl') && line.includes('Misschien') && line.endsWith('medewerker'),
      ),
    ).toBe(true);

    const other = environmentIds.cultuurhuis;
    const otherToken = await server.signIn(demoUsers.anne.username);
    for (const path of ['/rsvp', '/rsvp/summary', '/rsvp/invitees', '/rsvp/invitees/csv']) {
      const response = await server.api('GET', `/publications/${publicationId}${path}`, {
        token: otherToken,
        env: other,
      });
      expect([403, 404]).toContain(response.status);
    }
    const foreign = await server.api('PUT', `/publications/${publicationId}/rsvp/invitees/${bram.id}`, {
      token: otherToken,
      env: other,
      body: { answer: 'Nee' },
    });
    expect([403, 404]).toContain(foreign.status);
  });

  it("the invitation form's questions: asked with Ja, checked like the public form, stored with the answer, in the table and the CSV", async () => {
    const flowId = (await api<string>('POST', '/flows', { name: 'Dieetwensen' })).body;
    const diet = (await api<FormField>('POST', `/flows/${flowId}/fields`, { label: 'Dieet', type: 0 })).body;
    const options: FieldOption[] = [];
    for (const label of ['Geen', 'Vegetarisch']) {
      options.push(
        (
          await api<FieldOption>('POST', `/flows/${flowId}/fields/${diet.id}/options`, {
            label,
            maxAnswers: 1,
          })
        ).body,
      );
    }
    const allergy = (
      await api<FormField>('POST', `/flows/${flowId}/fields`, { label: 'Allergie', type: 1, required: false })
    ).body;
    const current = (await api<RsvpSettingsRecord>('GET', `/publications/${publicationId}/rsvp`)).body;
    const { id: _id, sequence: _sequence, exists: _exists, ...settings } = current;
    const foreignForm = (await api<string>('POST', '/flows', { name: 'Elders' }, environmentIds.cultuurhuis))
      .body;
    const refused = await api<{ field: string; message: string }>(
      'PUT',
      `/publications/${publicationId}/rsvp`,
      {
        ...settings,
        formId: foreignForm,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('formId');
    const saved = await api<RsvpSettingsRecord>('PUT', `/publications/${publicationId}/rsvp`, {
      ...settings,
      formId: flowId,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.formId).toBe(flowId);

    const bram = answerPath('bram@voorbeeld.nl');
    const shown = await page('GET', `${bram}?antwoord=ja`);
    expect(shown.text).toContain('Als je komt');
    expect(shown.text).toContain('Dieet');
    // The form's option places do not apply to answers that change: none is shown as limited.
    expect(shown.text).not.toContain('plaats)');

    const before = await summary();
    const missing = await page('POST', bram, { antwoord: 'Ja' });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Kies een antwoord bij &#39;Dieet&#39;.');
    expect(await summary()).toEqual(before);
    const tooLong = await page('POST', bram, {
      antwoord: 'Ja',
      [diet.id]: options[1].id,
      [allergy.id]: 'x'.repeat(2001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain('Je antwoord bij &#39;Allergie&#39; mag hoogstens 2000 tekens lang zijn.');

    const posted = await page('POST', bram, {
      antwoord: 'Ja',
      [diet.id]: options[1].id,
      [allergy.id]: 'Noten',
    });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.text).toMatch(new RegExp(`value="${options[1].id}"\\s+required\\s+checked`));
    const listed = await server.api<RsvpInviteePage>('GET', `/publications/${publicationId}/rsvp/invitees`, {
      token,
      env,
      query: { search: 'bram' },
    });
    expect(listed.body.data[0]).toMatchObject({
      answer: 'Ja',
      questionAnswers: [
        { question: 'Dieet', answer: 'Vegetarisch' },
        { question: 'Allergie', answer: 'Noten' },
      ],
    });
    const csv = await api<string>('GET', `/publications/${publicationId}/rsvp/invitees/csv`);
    expect(csv.text).toContain('Dieet: Vegetarisch; Allergie: Noten');

    // 'Nee' asks nothing and empties the answers given before.
    const no = await page('POST', bram, { antwoord: 'Nee' });
    expect(no.status).toBe(200);
    const after = await server.api<RsvpInviteePage>('GET', `/publications/${publicationId}/rsvp/invitees`, {
      token,
      env,
      query: { search: 'bram' },
    });
    expect(after.body.data[0]).toMatchObject({ answer: 'Nee', questionAnswers: [] });

    const tooBig = await page('POST', bram, { antwoord: 'Ja', [allergy.id]: 'x'.repeat(40 * 1024) });
    expect(tooBig.status).toBe(413);
  });
  it("an RSVP mail refused at RCPT TO (550) makes the address 'Onbestelbaar', as a delivery job's refusal does", async () => {
    // The editors' address, promoted from the waiting list: its 'Nee' is a change, and so is emailed (the
    // same answer again would not be).
    const address = 'redactie@zuiderveen.example.nl';
    sink.refuseRecipient(address, `550 5.1.1 <${address}>: Recipient address rejected: User unknown`);
    try {
      // The answer is recorded; its confirmation is what the server refuses.
      const answered = await page('POST', answerPath(address), { antwoord: 'Nee' });
      expect(answered.status).toBe(200);
      const unsubscriber = async () =>
        (
          await server.api<UnsubscriberPage>('GET', '/unsubscribers', {
            token,
            env,
            query: { search: address },
          })
        ).body.data.find((row) => row.email.toLowerCase() === address);
      await expect.poll(unsubscriber, { timeout: 20_000, interval: 100 }).toBeDefined();
      const excluded = await unsubscriber();
      expect(excluded).toMatchObject({ cause: 'Onbestelbaar' });
      expect(excluded!.causeDetail).toContain(
        "Harde bounce bij verzenden van de RSVP-mail van 'Nieuwjaarsreceptie'",
      );
      expect(excluded!.causeDetail).toContain('User unknown');
    } finally {
      sink.refuseRecipient(address, '250 ok', 0);
    }
  });
});
