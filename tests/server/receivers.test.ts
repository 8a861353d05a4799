import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ReceiverList,
  Subscriber,
  SubscriberPage,
  Unsubscriber,
  UnsubscriberPage,
  UnsubscriberRemoval,
  UnsubscriberRemovalPage,
} from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, receiverIds } from '../../server/src/seed/ids';
import { startTestServer, type ApiOptions, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const unknownId = '0b9d1c1e-2f3a-4b5c-8d6e-7f8091a2b3c4';

describe('receivers: lists, subscribers and global unsubscribers', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;
  const call = <T>(method: string, path: string, options: ApiOptions = {}) =>
    server.api<T>(method, path, { token: anne, env, ...options });

  beforeAll(async () => {
    server = await startTestServer();
    [anne, bram] = await Promise.all([
      server.signIn(demoUsers.anne.username),
      server.signIn(demoUsers.bram.username),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('lists', () => {
    it('reads the seeded lists with labels, flags and subscriber counts, total in X-Total-Count', async () => {
      const response = await call<ReceiverList[]>('GET', '/lists/');
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe('4');
      expect(response.body.map((list) => list.title)).toEqual([
        'Nieuwsbrief 2019',
        'Nieuwsbrief bewoners',
        'Ondernemers Zuiderveen',
        'Testlijst redactie',
      ]);
      const residents = response.body.find((list) => list.id === receiverIds.lists.residents);
      expect(residents).toMatchObject({
        type: 'ManualList',
        isDeleted: false,
        isTest: false,
        attributeLabel1: 'Wijk',
        attributeLabel2: 'Interesse',
        attributeLabel3: 'Lid sinds',
        attributeLabel4: null,
        subscriberCount: 240,
      });
      expect(response.body.find((list) => list.id === receiverIds.lists.oldNewsletter)?.isDeleted).toBe(true);
    });

    it('pages, filters on the deleted flag, searches and sorts the lists', async () => {
      const page = await call<ReceiverList[]>('GET', '/lists/', {
        query: { isDeleted: false, limit: 2, offset: 1 },
      });
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.body.map((list) => list.title)).toEqual(['Ondernemers Zuiderveen', 'Testlijst redactie']);
      const search = await call<ReceiverList[]>('GET', '/lists/', { query: { search: 'NIEUWSBRIEF' } });
      expect(search.body).toHaveLength(2);
      const bySize = await call<ReceiverList[]>('GET', '/lists/', {
        query: { sort: 'subscriberCount', order: 'DESC' },
      });
      expect(bySize.body[0].id).toBe(receiverIds.lists.residents);
      const tooMany = await call('GET', '/lists/', { query: { limit: 251 } });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({ status: 400, field: 'limit' });
    });

    it("never shows another environment's lists", async () => {
      const response = await call<ReceiverList[]>('GET', '/lists/', { env: otherEnv });
      expect(response.body.map((list) => list.id)).toEqual([receiverIds.lists.friends]);
      expect((await call('GET', `/list/manual/${receiverIds.lists.friends}`)).status).toBe(404);
      expect((await call('GET', '/lists/', { token: bram, env: otherEnv })).status).toBe(403);
    });

    it('creates a list, renames it with the test flag, sets unique labels and deletes it by marking', async () => {
      const created = await call<ReceiverList>('POST', '/list/manual', {
        query: { title: '  Vrijwilligers  ' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: 'Vrijwilligers',
        type: 'ManualList',
        isTest: false,
        subscriberCount: 0,
      });
      const id = created.body.id;

      const renamed = await call<ReceiverList>('PUT', `/list/manual/${id}`, {
        query: { title: 'Vrijwilligers 2025', isTest: true },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ title: 'Vrijwilligers 2025', isTest: true });
      const keptFlag = await call<ReceiverList>('PUT', `/list/manual/${id}`, {
        query: { title: 'Vrijwilligers' },
      });
      expect(keptFlag.body.isTest).toBe(true);

      const labelled = await call<ReceiverList>('PUT', `/list/manual/${id}/attributes`, {
        body: { AttributeLabel1: 'Team', AttributeLabel3: ' Beschikbaar ', AttributeLabel9: '' },
      });
      expect(labelled.status).toBe(200);
      expect(labelled.body).toMatchObject({
        attributeLabel1: 'Team',
        attributeLabel2: null,
        attributeLabel3: 'Beschikbaar',
        attributeLabel9: null,
      });
      const read = await call<ReceiverList>('GET', `/list/manual/${id}`);
      expect(read.body.attributeLabel3).toBe('Beschikbaar');

      const duplicate = await call('PUT', `/list/manual/${id}/attributes`, {
        body: { AttributeLabel1: 'Team', AttributeLabel2: 'team' },
      });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({
        status: 400,
        message: "Het label 'team' komt al voor; de velden van een lijst moeten uniek zijn.",
        field: 'AttributeLabel2',
      });

      expect((await call('DELETE', `/list/manual/${id}`)).status).toBe(204);
      const deleted = await call<ReceiverList>('GET', `/list/manual/${id}`);
      expect(deleted.body.isDeleted).toBe(true);
      expect((await call('PUT', `/list/manual/${id}`, { query: { title: 'Weg' } })).status).toBe(404);
    });

    it('answers 400 naming the field for a missing or blank title and 404 for unknown lists', async () => {
      const missing = await call('POST', '/list/manual');
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        status: 400,
        message: 'Titel is verplicht.',
        field: 'title',
      });
      const blank = await call('POST', '/list/manual', { query: { title: '   ' } });
      expect(blank.body).toEqual({ status: 400, message: 'Naam is een verplicht veld', field: 'title' });
      const notAGuid = await call('GET', '/list/manual/abc');
      expect(notAGuid.status).toBe(400);
      expect(notAGuid.body).toMatchObject({ field: 'listId' });
      expect((await call('PUT', `/list/manual/${unknownId}`, { query: { title: 'x' } })).status).toBe(404);
      expect((await call('PUT', `/list/manual/${unknownId}/attributes`, { body: {} })).status).toBe(404);
      expect((await call('DELETE', `/list/manual/${unknownId}`)).status).toBe(404);
      const otherEnvList = await call('PUT', `/list/manual/${receiverIds.lists.friends}`, {
        query: { title: 'Gekaapt' },
      });
      expect(otherEnvList.status).toBe(404);
      expect(otherEnvList.body).toEqual({ status: 404, message: 'De lijst is niet gevonden.' });
    });
  });

  describe('subscribers', () => {
    let listId: string;
    const subscriberPath = () => `/list/manual/${listId}/subscriber`;

    beforeAll(async () => {
      const created = await call<ReceiverList>('POST', '/list/manual', {
        query: { title: 'Buurtpreventie' },
      });
      listId = created.body.id;
      await call('PUT', `/list/manual/${listId}/attributes`, { body: { AttributeLabel1: 'Straat' } });
    });

    it('adds a subscriber with every recipient field, trimmed, blanks stored as null', async () => {
      const response = await call<Subscriber>('POST', subscriberPath(), {
        body: {
          name: ' Karin de Wit ',
          email: 'Karin.deWit@Voorbeeld.nl',
          initials: 'K.',
          firstName: 'Karin',
          middleName: 'de',
          lastName: 'Wit',
          phoneNumber: '06-12345678',
          address: 'Lindelaan 4',
          postalCode: '8121 AB',
          city: 'Zuiderveen',
          country: 'Nederland',
          isOrganization: false,
          attribute1: 'Lindelaan',
          attribute2: '',
        },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        listId,
        listName: 'Buurtpreventie',
        name: 'Karin de Wit',
        email: 'Karin.deWit@Voorbeeld.nl',
        middleName: 'de',
        postalCode: '8121 AB',
        isOrganization: false,
        attribute1: 'Lindelaan',
        attribute2: null,
        attribute9: null,
        isUnsubscribed: false,
      });
      const read = await call<Subscriber>('GET', `${subscriberPath()}/${response.body.id}`);
      // The single read adds the global unsubscribes the address undid itself (none for a new one).
      expect(read.body).toEqual({ ...response.body, resubscriptions: [] });
    });

    it('answers 409 for the same address in other case, within the list only', async () => {
      const duplicate = await call('POST', subscriberPath(), {
        body: { name: 'Karin', email: 'karin.dewit@voorbeeld.nl' },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toEqual({
        status: 409,
        message: 'E-mailadres is al in gebruik binnen deze lijst.',
        field: 'email',
      });
      const otherList = await call('POST', `/list/manual/${receiverIds.lists.editorsTest}/subscriber`, {
        body: { name: 'Karin', email: 'karin.dewit@voorbeeld.nl' },
      });
      expect(otherList.status).toBe(201);
    });

    it('answers 400 naming the field when name or email is missing, blank or not an address', async () => {
      const cases: Array<[unknown, string, string]> = [
        [{ email: 'a@b.nl' }, 'name', 'Naam is verplicht.'],
        [{ name: '  ', email: 'a@b.nl' }, 'name', 'Naam is een verplicht veld'],
        [{ name: 'A' }, 'email', 'E-mailadres is verplicht.'],
        [{ name: 'A', email: '' }, 'email', 'E-mailadres is een verplicht veld'],
        [{ name: 'A', email: 'geen-adres' }, 'email', 'E-mailadres moet een geldig e-mailadres zijn.'],
        [{ name: 'A', email: 'a@b' }, 'email', 'E-mailadres moet een geldig e-mailadres zijn.'],
        [
          { name: 'A', email: 'a@b.nl', isOrganization: 'misschien' },
          'isOrganization',
          'Organisatie moet true of false zijn.',
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await call('POST', subscriberPath(), { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toEqual({ status: 400, message, field });
      }
    });

    it('updates every field, keeps the address unique on update and answers 404 elsewhere', async () => {
      const first = await call<Subscriber>('POST', subscriberPath(), {
        body: { name: 'Ahmed Bouzid', email: 'ahmed@voorbeeld.nl' },
      });
      const second = await call<Subscriber>('POST', subscriberPath(), {
        body: { name: 'Els Kok', email: 'els@voorbeeld.nl' },
      });
      const updated = await call<Subscriber>('PUT', `${subscriberPath()}/${first.body.id}`, {
        body: {
          name: 'Bouzid Installaties',
          email: 'AHMED@voorbeeld.nl',
          isOrganization: true,
          city: 'Zuiderveen',
          attribute1: 'Kerkstraat',
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: 'Bouzid Installaties',
        email: 'AHMED@voorbeeld.nl',
        isOrganization: true,
        attribute1: 'Kerkstraat',
      });
      expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.body.updatedAt));

      const taken = await call('PUT', `${subscriberPath()}/${second.body.id}`, {
        body: { name: 'Els Kok', email: 'Ahmed@Voorbeeld.NL' },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ message: 'E-mailadres is al in gebruik binnen deze lijst.' });

      const invalid = await call('PUT', `${subscriberPath()}/${second.body.id}`, {
        body: { name: '', email: 'els@voorbeeld.nl' },
      });
      expect(invalid.status).toBe(400);
      const unknown = await call('PUT', `${subscriberPath()}/${unknownId}`, {
        body: { name: 'X', email: 'x@voorbeeld.nl' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ status: 404, message: 'De ontvanger is niet gevonden.' });
      // The subscriber exists, but not in this list.
      const wrongList = await call(
        'PUT',
        `/list/manual/${receiverIds.lists.editorsTest}/subscriber/${second.body.id}`,
        {
          body: { name: 'X', email: 'x@voorbeeld.nl' },
        },
      );
      expect(wrongList.status).toBe(404);
      const otherEnvironment = await call('GET', `${subscriberPath()}/${second.body.id}`, { env: otherEnv });
      expect(otherEnvironment.status).toBe(404);
    });

    it('deletes a subscriber, and keeps the subscriber count of the list up to date', async () => {
      const countOf = async () =>
        (await call<ReceiverList>('GET', `/list/manual/${listId}`)).body.subscriberCount;
      const before = await countOf();
      const created = await call<Subscriber>('POST', subscriberPath(), {
        body: { name: 'Weg', email: 'weg@voorbeeld.nl' },
      });
      expect(await countOf()).toBe(before + 1);
      // A refused duplicate (409) is not counted.
      await call('POST', subscriberPath(), { body: { name: 'Weg 2', email: 'WEG@voorbeeld.nl' } });
      expect(await countOf()).toBe(before + 1);
      expect((await call('DELETE', `${subscriberPath()}/${created.body.id}`)).status).toBe(204);
      expect(await countOf()).toBe(before);
      expect((await call('GET', `${subscriberPath()}/${created.body.id}`)).status).toBe(404);
      expect((await call('DELETE', `${subscriberPath()}/${created.body.id}`)).status).toBe(404);
    });

    it('refuses subscribers for a missing, deleted or foreign list', async () => {
      const body = { name: 'A', email: 'a@voorbeeld.nl' };
      expect((await call('POST', `/list/manual/${unknownId}/subscriber`, { body })).status).toBe(404);
      expect(
        (await call('POST', `/list/manual/${receiverIds.lists.oldNewsletter}/subscriber`, { body })).status,
      ).toBe(404);
      expect(
        (await call('POST', `/list/manual/${receiverIds.lists.friends}/subscriber`, { body })).status,
      ).toBe(404);
    });
  });

  describe('the paged subscribers read', () => {
    const residentsPath = `/list/manual/${receiverIds.lists.residents}/subscribers`;

    it('answers at most 250 rows sorted by name, and the total', async () => {
      const response = await call<SubscriberPage>('GET', residentsPath, { query: { limit: 100 } });
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(240);
      expect(response.body.data).toHaveLength(100);
      const names = response.body.data.map((subscriber) => subscriber.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const rest = await call<SubscriberPage>('GET', residentsPath, { query: { offset: 200 } });
      expect(rest.body.data).toHaveLength(40);
      expect((await call('GET', residentsPath, { query: { limit: 500 } })).status).toBe(400);
    });

    it('sorts by e-mail address descending', async () => {
      const response = await call<SubscriberPage>('GET', residentsPath, {
        query: { sort: 'email', order: 'DESC', limit: 20 },
      });
      const emails = response.body.data.map((subscriber) => subscriber.email.toLowerCase());
      expect(emails).toEqual([...emails].sort().reverse());
      expect((await call('GET', residentsPath, { query: { sort: 'phoneNumber' } })).status).toBe(400);
    });

    it('searches word prefixes of name and address, reporting the total of matches', async () => {
      const all = await call<SubscriberPage>('GET', residentsPath);
      const sample = all.body.data[17];
      const lastWord = sample.name.split(' ').at(-1) ?? '';
      const byName = await call<SubscriberPage>('GET', residentsPath, {
        query: { search: lastWord.slice(0, 4).toUpperCase() },
      });
      expect(byName.body.total).toBeGreaterThan(0);
      expect(byName.body.total).toBe(byName.body.data.length);
      expect(byName.body.data.map((subscriber) => subscriber.id)).toContain(sample.id);
      const local = sample.email.split('@')[0];
      const byAddress = await call<SubscriberPage>('GET', residentsPath, { query: { search: sample.email } });
      expect(byAddress.body.data.map((subscriber) => subscriber.email)).toContain(sample.email);
      expect(byAddress.body.total).toBeLessThan(5);
      const twoWords = await call<SubscriberPage>('GET', residentsPath, {
        query: { search: `${local.split('.')[0]} ${lastWord}` },
      });
      expect(twoWords.body.data.map((subscriber) => subscriber.id)).toContain(sample.id);
      const nothing = await call<SubscriberPage>('GET', residentsPath, { query: { search: 'qqqxyz' } });
      expect(nothing.body).toEqual({ data: [], total: 0 });
      const punctuationOnly = await call<SubscriberPage>('GET', residentsPath, {
        query: { search: "'&|!:*()" },
      });
      expect(punctuationOnly.body.total).toBe(240);
    });

    it('flags globally unsubscribed addresses, case-insensitively', async () => {
      const all = await call<SubscriberPage>('GET', residentsPath);
      expect(all.body.data.filter((subscriber) => subscriber.isUnsubscribed)).toHaveLength(2);
    });

    it('answers 404 for a foreign or unknown list', async () => {
      expect((await call('GET', `/list/manual/${receiverIds.lists.friends}/subscribers`)).status).toBe(404);
      expect((await call('GET', `/list/manual/${unknownId}/subscribers`)).status).toBe(404);
    });

    it('answers every row as the single read answers that subscriber, field for field', async () => {
      const page = await call<SubscriberPage>('GET', residentsPath);
      const unsubscribed = page.body.data.filter((subscriber) => subscriber.isUnsubscribed);
      const picked = [0, 17, 101, 239].map((index) => page.body.data[index]);
      for (const row of [...picked, ...unsubscribed]) {
        const single = await call<Subscriber>(
          'GET',
          `/list/manual/${receiverIds.lists.residents}/subscriber/${row.id}`,
        );
        // The single read adds the re-subscribe history (a page leaves it out: it is one query per row).
        const { resubscriptions: _history, ...fields } = single.body;
        expect(row).toEqual(fields);
        expect(Object.keys(row)).toEqual(Object.keys(fields));
      }
    });

    it('orders every sort field both ways with the id breaking ties, the same across pages', async () => {
      for (const sort of ['name', 'email', 'city', 'createdAt'] as const) {
        const ids = async (order: 'ASC' | 'DESC', offset: number, limit: number) =>
          (
            await call<SubscriberPage>('GET', residentsPath, { query: { sort, order, offset, limit } })
          ).body.data.map((subscriber) => subscriber.id);
        const ascending = await ids('ASC', 0, 250);
        expect(ascending).toHaveLength(240);
        expect(await ids('DESC', 0, 250)).toEqual([...ascending].reverse());
        expect([
          ...(await ids('ASC', 0, 100)),
          ...(await ids('ASC', 100, 100)),
          ...(await ids('ASC', 200, 100)),
        ]).toEqual(ascending);
      }
      const byCreation = await call<SubscriberPage>('GET', residentsPath, { query: { sort: 'createdAt' } });
      const created = byCreation.body.data.map((subscriber) => subscriber.createdAt);
      expect(created).toEqual([...created].sort());
    });

    it("reads a deleted list's subscribers, and an empty page with the total past the last row", async () => {
      const oldPath = `/list/manual/${receiverIds.lists.oldNewsletter}/subscribers`;
      const deleted = await call<SubscriberPage>('GET', oldPath);
      expect(deleted.status).toBe(200);
      expect(deleted.body.total).toBe(12);
      expect(deleted.body.data).toHaveLength(12);
      expect(deleted.body.data.every((row) => row.listName === 'Nieuwsbrief 2019')).toBe(true);
      expect((await call<SubscriberPage>('GET', oldPath, { query: { offset: 12 } })).body).toEqual({
        data: [],
        total: 12,
      });
      const empty = await call<ReceiverList>('POST', '/list/manual', { query: { title: 'Nog leeg' } });
      const emptyPage = await call<SubscriberPage>('GET', `/list/manual/${empty.body.id}/subscribers`, {
        query: { search: 'iemand' },
      });
      expect(emptyPage.body).toEqual({ data: [], total: 0 });
      expect((await call<SubscriberPage>('GET', `/list/manual/${empty.body.id}/subscribers`)).body).toEqual({
        data: [],
        total: 0,
      });
    });
  });

  describe('global unsubscribers', () => {
    it('reads the active unsubscribers, newest first, with the total', async () => {
      const response = await call<UnsubscriberPage>('GET', '/unsubscribers');
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(4);
      expect(response.body.data[0].email).toBe('oud.adres@ziggo.example');
      const search = await call<UnsubscriberPage>('GET', '/unsubscribers', {
        query: { search: 'GEEN.POST' },
      });
      expect(search.body.data.map((entry) => entry.email)).toEqual(['geen.post@mailbox.nl']);
      const other = await call<UnsubscriberPage>('GET', '/unsubscribers', { env: otherEnv });
      expect(other.body.data.map((entry) => entry.email)).toEqual(['stilte@post.example.nl']);
    });

    it('adds an address once (409 again, also in other case) and refuses what is no address', async () => {
      const created = await call<Unsubscriber>('POST', '/unsubscribers', {
        query: { email: 'Nooit.Meer@Voorbeeld.nl' },
      });
      expect(created.status).toBe(201);
      expect(created.body.email).toBe('Nooit.Meer@Voorbeeld.nl');
      const again = await call('POST', '/unsubscribers', { query: { email: 'nooit.meer@voorbeeld.nl' } });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        status: 409,
        message: 'Dit e-mailadres is al uitgeschreven.',
        field: 'email',
      });
      const missing = await call('POST', '/unsubscribers');
      expect(missing.body).toEqual({
        status: 400,
        message: 'E-mailadres is verplicht.',
        field: 'email',
      });
      const invalid = await call('POST', '/unsubscribers', { query: { email: 'nooit meer' } });
      expect(invalid.body).toEqual({
        status: 400,
        message: 'E-mailadres moet een geldig e-mailadres zijn.',
        field: 'email',
      });
    });

    it('removes one only with a reason and keeps the removal as a record', async () => {
      const created = await call<Unsubscriber>('POST', '/unsubscribers', {
        query: { email: 'terug@voorbeeld.nl' },
      });
      const path = `/unsubscribers/${created.body.id}`;
      const noReason = await call('DELETE', path, { body: { reason: '  ', removedBy: 'anne@voorbeeld.nl' } });
      expect(noReason.status).toBe(400);
      expect(noReason.body).toEqual({
        status: 400,
        message: 'Reden is een verplicht veld',
        field: 'reason',
      });
      const noBody = await call('DELETE', path);
      expect(noBody.status).toBe(400);

      const removed = await call<UnsubscriberRemoval>('DELETE', path, {
        body: { reason: 'Heeft zich telefonisch weer aangemeld.', removedBy: 'Anne de Vries' },
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({
        id: created.body.id,
        email: 'terug@voorbeeld.nl',
        removedBy: 'Anne de Vries',
        reason: 'Heeft zich telefonisch weer aangemeld.',
      });
      expect(Date.parse(removed.body.removedAt)).not.toBeNaN();

      const active = await call<UnsubscriberPage>('GET', '/unsubscribers', { query: { search: 'terug@' } });
      expect(active.body.total).toBe(0);
      const removals = await call<UnsubscriberRemovalPage>('GET', '/unsubscribers/removals');
      expect(removals.body.total).toBe(2);
      expect(removals.body.data[0]).toEqual(removed.body);
      expect((await call('DELETE', path, { body: { reason: 'nogmaals' } })).status).toBe(404);

      // After a removal the address may be unsubscribed again (a new record).
      expect((await call('POST', '/unsubscribers', { query: { email: 'terug@voorbeeld.nl' } })).status).toBe(
        201,
      );
    });

    it("takes the signed-in user as removedBy when none is sent, and never touches another environment's record", async () => {
      const created = await call<Unsubscriber>('POST', '/unsubscribers', {
        query: { email: 'bram.test@voorbeeld.nl' },
      });
      const foreign = await call('DELETE', `/unsubscribers/${created.body.id}`, {
        env: otherEnv,
        body: { reason: 'x' },
      });
      expect(foreign.status).toBe(404);
      const removed = await call<UnsubscriberRemoval>('DELETE', `/unsubscribers/${created.body.id}`, {
        token: bram,
        body: { reason: 'Verkeerd ingevoerd.' },
      });
      expect(removed.body.removedBy).toBe('bram@voorbeeld.nl');
      expect((await call('DELETE', `/unsubscribers/${unknownId}`, { body: { reason: 'x' } })).status).toBe(
        404,
      );
    });
  });
});
