import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryJob } from '../../server/src/contract/publications';
import type {
  ReceiverList,
  Subscriber,
  SubscriberPage,
  UnsubscriberPage,
  UnsubscriberRemovalPage,
} from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// The preference page behind 'Je voorkeuren': the link in a delivered message (parsed as a mail program
// does), the environment's public lists switched on and off, 'Afmelden voor alles', and re-subscribing,
// which only the mailed confirmation does.

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const bram = demoUsers.bram.username;
const anne = demoUsers.anne.username;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the preference page', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;
  /** The path of each address's 'Je voorkeuren' link, from the delivered message. */
  const links = new Map<string, string>();

  const api = <T>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) => server.api<T>(method, path, { token, env, ...options });
  const page = (method: string, path: string, body?: string) =>
    server.api<string>(method, path, body === undefined ? {} : { body, headers: form });
  const withAction = (path: string, action: string) => path.replace('?k=', `/${action}?k=`);

  const membersOf = async (listId: string, address: string) =>
    (
      await api<SubscriberPage>('GET', `/list/manual/${listId}/subscribers`, {
        query: { search: address.split('@')[0] },
      })
    ).body.data.filter((row) => row.email.toLowerCase() === address);
  const isOn = async (listId: string, address: string) => (await membersOf(listId, address)).length > 0;
  const unsubscribed = async (address: string) =>
    (await api<UnsubscriberPage>('GET', '/unsubscribers', { query: { search: address } })).body.data.filter(
      (row) => row.email.toLowerCase() === address,
    );
  const makePublic = async (listId: string, title: string) => {
    const response = await api<ReceiverList>('PUT', `/list/manual/${listId}`, {
      query: { title, isPublic: 'true' },
    });
    expect(response.status).toBe(200);
    expect(response.body.isPublic).toBe(true);
  };
  /** The confirmation mails sent to `address` so far, newest last. */
  const confirmationMails = (address: string) =>
    sink.accepted.filter(
      (message) => message.to === address && message.headers.subject?.startsWith('Bevestig dat je weer'),
    );

  beforeAll(async () => {
    sink = await startSmtpSink({ keepSource: true });
    server = await startTestServer({ SMTP_URL: sink.url, DELIVERY_RETRY_DELAY_MS: '0' });
    token = await server.signIn(anne);
    await makePublic(receiverIds.lists.residents, 'Nieuwsbrief bewoners');
    await makePublic(receiverIds.lists.entrepreneurs, 'Ondernemers Zuiderveen');
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it("puts a personal 'Je voorkeuren' link beside the unsubscribe link in a delivered message's HTML and text", async () => {
    const created = await api<DeliveryJob>('POST', '/deliveryjobs', {
      body: {
        publicationId: publicationIds.publications.januaryNewsletter,
        publicationTemplateId: publicationIds.templates.zuiderveenStandard,
        title: 'Nieuwsbrief met voorkeuren',
        audienceId: receiverIds.audiences.editorsTest,
      },
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${created.body.id}`)).body.status, {
        // Generous: on a loaded machine a job of three messages may take longer than half a minute.
        timeout: 120_000,
        interval: 200,
      })
      .toBe('Verzonden');
    for (const address of [anne, bram]) {
      const message = sink.accepted.find((candidate) => candidate.to.toLowerCase() === address);
      expect(message).toBeDefined();
      const parsed = await simpleParser(message!.source);
      const html = String(parsed.html);
      const inHtml = /<a href="([^"]+)"[^>]*>Je voorkeuren<\/a>/.exec(html);
      expect(inHtml).not.toBeNull();
      // Beside the unsubscribe link, in the same footer line.
      expect(html.indexOf('>Uitschrijven</a>')).toBeLessThan(inHtml!.index);
      const url = inHtml![1].replaceAll('&amp;', '&');
      expect(parsed.text).toContain(`Je voorkeuren: ${url}`);
      const parsedUrl = new URL(url);
      expect(parsedUrl.pathname).toBe(`/v/${env}`);
      links.set(address, `${parsedUrl.pathname}${parsedUrl.search}`);
    }
    expect(links.get(anne)).not.toBe(links.get(bram));
  });

  it('shows the page for the address and environment of its token only; another environment or an altered token is refused', async () => {
    const path = links.get(bram)!;
    const shown = await page('GET', path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(bram);
    expect(shown.text).toContain('Nieuwsbrief bewoners');
    expect(shown.text).toContain('Ondernemers Zuiderveen');
    // A list that is not public is not offered (bram is on the test list).
    expect(shown.text).not.toContain('Testlijst redactie');
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");

    const token = new URL(path, server.url).searchParams.get('k')!;
    const [payload, signature] = token.split('.');
    const annePayload = new URL(links.get(anne)!, server.url).searchParams.get('k')!.split('.')[0];
    for (const refused of [
      `/v/${otherEnv}?k=${token}`,
      `/v/${env}?k=${annePayload}.${signature}`,
      `/v/${env}?k=${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `/v/${env}?k=${payload}`,
      `/v/${env}`,
    ]) {
      const response = await page('GET', refused);
      expect(response.status, refused).toBe(400);
      expect(response.text).toContain('Deze link werkt niet');
      expect(response.text).not.toContain(bram);
    }
    // Posting with another environment's token changes nothing either.
    const foreign = await page('POST', `/v/${otherEnv}/afmelden?k=${token}`, '');
    expect(foreign.status).toBe(400);
    expect(await unsubscribed(bram)).toHaveLength(0);
  });

  it('switches exactly the chosen public lists on and off, and GET or HEAD of any of its links change nothing', async () => {
    const path = links.get(bram)!;
    const { residents, entrepreneurs, editorsTest } = receiverIds.lists;
    expect(await isOn(residents, bram)).toBe(false);
    expect(await isOn(entrepreneurs, bram)).toBe(false);
    expect(await isOn(editorsTest, bram)).toBe(true);
    const count = async (listId: string) =>
      (await api<ReceiverList>('GET', `/list/manual/${listId}`)).body.subscriberCount;
    const residentsBefore = await count(residents);

    // Link scanners: every address of the page read with GET and HEAD writes nothing.
    for (const action of ['', 'lijsten', 'afmelden', 'opnieuw-aanmelden']) {
      const target = action ? withAction(path, action) : path;
      for (const method of ['GET', 'HEAD']) expect((await page(method, target)).status).toBeLessThan(500);
    }
    expect(await isOn(residents, bram)).toBe(false);
    expect(await unsubscribed(bram)).toHaveLength(0);

    const saved = await page('POST', withAction(path, 'lijsten'), `lijsten=${residents}`);
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Je keuze is opgeslagen.');
    // The page answers with the lists as they now stand.
    expect(saved.text).toMatch(new RegExp(`value="${residents}"\\s*checked`));
    expect(saved.text).not.toMatch(new RegExp(`value="${entrepreneurs}"\\s*checked`));
    expect(await isOn(residents, bram)).toBe(true);
    expect(await isOn(entrepreneurs, bram)).toBe(false);
    expect(await count(residents)).toBe(residentsBefore + 1);
    // The new membership takes the name the address already has in the environment.
    expect((await membersOf(residents, bram))[0].name).toBe(demoUsers.bram.name);

    // Naming a list that is not public (the test list) neither adds nor removes it.
    const swapped = await page(
      'POST',
      withAction(path, 'lijsten'),
      `lijsten=${entrepreneurs}&lijsten=${editorsTest}`,
    );
    expect(swapped.status).toBe(200);
    expect(await isOn(residents, bram)).toBe(false);
    expect(await isOn(entrepreneurs, bram)).toBe(true);
    expect(await isOn(editorsTest, bram)).toBe(true);
    expect(await count(residents)).toBe(residentsBefore);

    const none = await page('POST', withAction(path, 'lijsten'), '');
    expect(none.status).toBe(200);
    expect(await isOn(entrepreneurs, bram)).toBe(false);
    expect(await isOn(editorsTest, bram)).toBe(true);

    // A malformed list id is a Dutch 400 naming the field, and changes nothing.
    const bad = await page('POST', withAction(path, 'lijsten'), 'lijsten=geen-lijst');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Lijsten');
    expect(await isOn(residents, bram)).toBe(false);
  });

  it('unsubscribes from everything as the unsubscribe link does; re-subscribing happens only through the mailed confirmation, once', async () => {
    const path = links.get(bram)!;
    const gone = await page('POST', withAction(path, 'afmelden'), '');
    expect(gone.status).toBe(200);
    expect(gone.text).toContain('Je bent afgemeld voor alles');
    expect(gone.text).toContain('Opnieuw aanmelden');
    expect(gone.text).not.toContain('Opslaan');
    const rows = await unsubscribed(bram);
    expect(rows).toHaveLength(1);
    expect(rows[0].cause).toBe('Afgemeld');

    // While unsubscribed the lists form does nothing.
    await page('POST', withAction(path, 'lijsten'), `lijsten=${receiverIds.lists.residents}`);
    expect(await isOn(receiverIds.lists.residents, bram)).toBe(false);

    const mailsBefore = confirmationMails(bram).length;
    const asked = await page('POST', withAction(path, 'opnieuw-aanmelden'), '');
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('We hebben een e-mail gestuurd');
    // The POST to the page alone undoes nothing.
    expect(await unsubscribed(bram)).toHaveLength(1);
    // Exactly one mail per request; asking again at once is refused per address, without a mail.
    await expect.poll(() => confirmationMails(bram).length, { timeout: 10_000 }).toBe(mailsBefore + 1);
    const again = await page('POST', withAction(path, 'opnieuw-aanmelden'), '');
    expect(again.status).toBe(429);
    expect(again.text).toContain('kort geleden al een e-mail');
    expect(confirmationMails(bram)).toHaveLength(mailsBefore + 1);

    // Its envelope sender is the request's own bounce address, so a bounce reaches the bounce listener.
    expect(confirmationMails(bram).at(-1)!.from).toMatch(
      /^bounce\+resubscribe\.[0-9a-z]+-[0-9a-f]{16}@zuiderveen\.example$/,
    );
    const mail = await simpleParser(confirmationMails(bram).at(-1)!.source);
    const confirmUrl = /https:\/\/\S+\/v\/\S+\/bevestigen\/\S+/.exec(String(mail.text))![0];
    const confirmPath = new URL(confirmUrl).pathname;
    expect(String(mail.html)).toContain(confirmUrl);

    // Opening the mailed link (a scanner, or the person) shows the button and changes nothing.
    for (const method of ['GET', 'HEAD']) expect((await page(method, confirmPath)).status).toBe(200);
    const confirmPage = await page('GET', confirmPath);
    expect(confirmPage.text).toContain('Bevestigen');
    expect(await unsubscribed(bram)).toHaveLength(1);
    // Another environment's address for the same code is refused.
    const code = confirmPath.split('/').at(-1)!;
    expect((await page('POST', `/v/${otherEnv}/bevestigen/${code}`, '')).status).toBe(400);
    expect(await unsubscribed(bram)).toHaveLength(1);

    // Twenty confirmations at once: undone once, recorded once.
    const answers = await Promise.all(Array.from({ length: 20 }, () => page('POST', confirmPath, '')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.text.includes('Je bent weer aangemeld'))).toHaveLength(1);
    expect(await unsubscribed(bram)).toHaveLength(0);
    const removals = (
      await api<UnsubscriberRemovalPage>('GET', '/unsubscribers/removals', { query: { search: 'bram@' } })
    ).body.data.filter((row) => row.email.toLowerCase() === bram);
    expect(removals).toHaveLength(1);
    expect(removals[0]).toMatchObject({ id: rows[0].id, removedBy: 'De afmelder zelf' });

    // Confirming again later does nothing more.
    const later = await page('POST', confirmPath, '');
    expect(later.text).toContain('Dit is al gedaan');

    // Staff see it on the subscriber's panel.
    const [member] = await membersOf(receiverIds.lists.editorsTest, bram);
    const one = await api<Subscriber>(
      'GET',
      `/list/manual/${receiverIds.lists.editorsTest}/subscriber/${member.id}`,
    );
    expect(one.body.resubscriptions).toHaveLength(1);
    expect(one.body.resubscriptions![0].unsubscribedAt).toBe(rows[0].createdAt);
    expect(Date.parse(one.body.resubscriptions![0].resubscribedAt)).toBeGreaterThan(
      Date.parse(rows[0].createdAt),
    );

    // The page offers the lists again.
    const back = await page('GET', path);
    expect(back.text).toContain('Opslaan');
    expect(back.text).not.toContain('Je bent afgemeld voor alles');
  });

  it('offers re-subscribing to an address that is not unsubscribed as nothing to do, and sends no mail', async () => {
    const path = links.get(anne)!;
    const before = confirmationMails(anne).length;
    const response = await page('POST', withAction(path, 'opnieuw-aanmelden'), '');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Je bent niet afgemeld');
    expect(confirmationMails(anne)).toHaveLength(before);
  });
});
