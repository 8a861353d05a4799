import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Audience,
  AudienceDetail,
  AudienceFilter,
  AudienceListDetail,
  RecipientCount,
  ReceiverList,
  Subscriber,
  SubscriberPage,
  Unsubscriber,
} from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, receiverIds } from '../../server/src/seed/ids';
import { startTestServer, type ApiOptions, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const unknownId = '0b9d1c1e-2f3a-4b5c-8d6e-7f8091a2b3c4';

describe('receivers: audiences and their recipient count', () => {
  let server: TestServer;
  let anne: Tokens;
  const call = <T>(method: string, path: string, options: ApiOptions = {}) =>
    server.api<T>(method, path, { token: anne, env, ...options });

  const createList = async (title: string, labels: Record<string, string> = {}) => {
    const list = await call<ReceiverList>('POST', '/list/manual', { query: { title } });
    if (Object.keys(labels).length)
      await call('PUT', `/list/manual/${list.body.id}/attributes`, { body: labels });
    return list.body.id;
  };
  const addSubscriber = async (listId: string, body: Record<string, unknown>) => {
    const response = await call<Subscriber>('POST', `/list/manual/${listId}/subscriber`, { body });
    expect(response.status).toBe(201);
    return response.body;
  };
  const createAudience = async (name: string) => {
    const response = await call<string>('POST', '/audience', { query: { name } });
    expect(response.status).toBe(201);
    return response.body;
  };
  const addList = async (audienceId: string, listId: string) => {
    const response = await call<AudienceListDetail>('POST', `/audience/${audienceId}/lists/add`, {
      query: { listId },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const addFilter = async (audienceListId: string, field: string, operator: string, value: string) => {
    const response = await call<AudienceFilter>('POST', `/audiencelist/${audienceListId}/filter`, {
      body: { field, operator, value },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const count = async (audienceId: string) => {
    const detail = await call<AudienceDetail>('GET', `/audience/${audienceId}`);
    const separate = await call<RecipientCount>('GET', `/audience/${audienceId}/recipients/count`);
    expect(separate.body.recipientCount).toBe(detail.body.recipientCount);
    return detail.body.recipientCount;
  };

  beforeAll(async () => {
    server = await startTestServer();
    anne = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads the seeded audiences, total in X-Total-Count, and only those of the environment', async () => {
    const response = await call<Audience[]>('GET', '/audiences/');
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.body.map((audience) => audience.name)).toEqual([
      'Bewoners Centrum',
      'Inwoners en ondernemers',
      'Test redactie',
    ]);
    expect(response.body[0]).toEqual({
      id: receiverIds.audiences.residentsCentre,
      name: 'Bewoners Centrum',
      isDeleted: false,
      createdAt: expect.any(String),
    });
    const other = await call<Audience[]>('GET', '/audiences/', { env: otherEnv });
    expect(other.body.map((audience) => audience.id)).toEqual([receiverIds.audiences.subscribedFriends]);
    expect((await call('GET', `/audience/${receiverIds.audiences.subscribedFriends}`)).status).toBe(404);
  });

  it('counts the seeded filtered audience as the residents of Centrum that are not unsubscribed', async () => {
    const residents = await call<SubscriberPage>(
      'GET',
      `/list/manual/${receiverIds.lists.residents}/subscribers`,
    );
    const expected = residents.body.data.filter(
      (subscriber) => subscriber.attribute1 === 'Centrum' && !subscriber.isUnsubscribed,
    ).length;
    expect(expected).toBeGreaterThan(10);
    const detail = await call<AudienceDetail>('GET', `/audience/${receiverIds.audiences.residentsCentre}`);
    expect(detail.body).toMatchObject({
      id: receiverIds.audiences.residentsCentre,
      name: 'Bewoners Centrum',
      recipientCount: expected,
      lists: [
        {
          id: receiverIds.audienceLists.residentsCentre,
          listId: receiverIds.lists.residents,
          title: 'Nieuwsbrief bewoners',
          attributeLabel1: 'Wijk',
          subscriberCount: 240,
          filters: [{ id: expect.any(String), field: 'attribute1', operator: 'IsEqual', value: 'Centrum' }],
        },
      ],
    });
  });

  it('counts a hand-built case: overlapping lists, filters, differently-cased duplicates and an unsubscriber', async () => {
    const members = await createList('Leden sportclub', { AttributeLabel2: 'Lidmaatschap' });
    const volunteers = await createList('Vrijwilligers sportclub');
    await addSubscriber(members, {
      name: 'Anne',
      email: 'anne@club.example',
      city: 'Zwolle',
      attribute2: 'Ja',
    });
    await addSubscriber(members, {
      name: 'Bram',
      email: 'Bram@Club.example',
      city: 'Zwolle',
      attribute2: 'nee',
    });
    await addSubscriber(members, {
      name: 'Carla',
      email: 'carla@club.example',
      city: 'Utrecht',
      attribute2: 'ja',
    });
    await addSubscriber(members, {
      name: 'Dirk',
      email: 'dirk@club.example',
      city: 'zwolle',
      attribute2: 'JA',
    });
    await addSubscriber(volunteers, { name: 'Anne V', email: 'ANNE@CLUB.EXAMPLE' });
    await addSubscriber(volunteers, { name: 'Eva', email: 'eva@club.example' });
    await addSubscriber(volunteers, { name: 'Dirk V', email: 'Dirk@club.example' });

    const audienceId = await createAudience('Sportclub');
    expect(await count(audienceId)).toBe(0);
    const memberEntry = await addList(audienceId, members);
    expect(memberEntry).toMatchObject({
      listId: members,
      title: 'Leden sportclub',
      attributeLabel2: 'Lidmaatschap',
      filters: [],
    });
    expect(await count(audienceId)).toBe(4);

    const cityFilter = await addFilter(memberEntry.id, 'city', 'IsEqual', 'ZWOLLE');
    expect(await count(audienceId)).toBe(3); // anne, bram, dirk
    await addFilter(memberEntry.id, 'attribute2', 'IsEqual', 'ja');
    expect(await count(audienceId)).toBe(2); // anne, dirk

    const volunteerEntry = await addList(audienceId, volunteers);
    expect(await count(audienceId)).toBe(3); // anne, dirk + eva (ANNE@ and Dirk@ are the same addresses)

    const unsubscribed = await call<Unsubscriber>('POST', '/unsubscribers', {
      query: { email: 'DIRK@CLUB.EXAMPLE' },
    });
    expect(await count(audienceId)).toBe(2); // anne, eva
    await call('DELETE', `/unsubscribers/${unsubscribed.body.id}`, {
      body: { reason: 'Toch weer aangemeld.' },
    });
    expect(await count(audienceId)).toBe(3);

    // The volunteers' own filter only narrows the volunteers.
    await addFilter(volunteerEntry.id, 'name', 'StartsWith', 'ev');
    expect(await count(audienceId)).toBe(3); // anne, dirk (members) + eva

    expect((await call('DELETE', `/audiencelist/${memberEntry.id}/filter/${cityFilter.id}`)).status).toBe(
      204,
    );
    expect(await count(audienceId)).toBe(4); // members anne, carla, dirk + eva

    // A deleted list no longer counts.
    await call('DELETE', `/list/manual/${volunteers}`);
    expect(await count(audienceId)).toBe(3);

    const detail = await call<AudienceDetail>('GET', `/audience/${audienceId}`);
    expect(detail.body.lists.map((entry) => [entry.title, entry.isDeleted, entry.filters.length])).toEqual([
      ['Leden sportclub', false, 1],
      ['Vrijwilligers sportclub', true, 1],
    ]);
    expect((await call('DELETE', `/audiencelist/${volunteerEntry.id}`)).status).toBe(204);
    expect((await call<AudienceDetail>('GET', `/audience/${audienceId}`)).body.lists).toHaveLength(1);
  });

  it('applies every operator case-insensitively, a missing value as empty', async () => {
    const list = await createList('Operatoren', { AttributeLabel1: 'Code' });
    await addSubscriber(list, {
      name: 'Jan Jansen',
      email: 'jan@op.example',
      city: 'Amsterdam',
      attribute1: 'AB-12',
    });
    await addSubscriber(list, {
      name: 'Marieke Smit',
      email: 'marieke@op.example',
      city: 'Amstelveen',
      attribute1: 'cd-34',
    });
    await addSubscriber(list, { name: 'Piet Bakker', email: 'piet@op.example' });
    const audienceId = await createAudience('Operatoren');
    const entry = await addList(audienceId, list);
    const cases: Array<[string, string, string, number]> = [
      ['city', 'IsEqual', 'amsterdam', 1],
      ['city', 'IsNotEqual', 'AMSTERDAM', 2], // Amstelveen and the empty city
      ['city', 'StartsWith', 'amst', 2],
      ['city', 'EndsWith', 'VEEN', 1],
      ['name', 'Contains', 'SMIT', 1],
      ['email', 'EndsWith', '@OP.example', 3],
      ['attribute1', 'Contains', '-', 2],
      ['attribute1', 'IsNotEqual', 'ab-12', 2],
      ['phoneNumber', 'Contains', '06', 0],
    ];
    for (const [field, operator, value, expected] of cases) {
      const filter = await addFilter(entry.id, field, operator, value);
      expect(await count(audienceId), `${field} ${operator} ${value}`).toBe(expected);
      await call('DELETE', `/audiencelist/${entry.id}/filter/${filter.id}`);
    }
  });

  it('creates, renames and deletes an audience; the new id comes back as a JSON string', async () => {
    const created = await call<string>('POST', '/audience', { query: { name: ' Nieuwsbrief jongeren ' } });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/application\/json/);
    expect(created.body).toMatch(/^[0-9a-f-]{36}$/);
    const renamed = await call<Audience>('PUT', `/audience/${created.body}`, {
      query: { name: 'Jongeren 16-25' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body, name: 'Jongeren 16-25', isDeleted: false });

    expect((await call('DELETE', `/audience/${created.body}`)).status).toBe(204);
    const all = await call<Audience[]>('GET', '/audiences/');
    expect(all.body.find((audience) => audience.id === created.body)?.isDeleted).toBe(true);
    const active = await call<Audience[]>('GET', '/audiences/', { query: { isDeleted: false } });
    expect(active.body.map((audience) => audience.id)).not.toContain(created.body);
    expect((await call('PUT', `/audience/${created.body}`, { query: { name: 'x' } })).status).toBe(404);
  });

  it('answers 400 naming the field for a missing audience name', async () => {
    const missing = await call('POST', '/audience');
    expect(missing.body).toEqual({ status: 400, message: 'Naam is verplicht.', field: 'name' });
    const blank = await call('PUT', `/audience/${receiverIds.audiences.editorsTest}`, {
      query: { name: ' ' },
    });
    expect(blank.body).toEqual({ status: 400, message: 'Naam is een verplicht veld', field: 'name' });
  });

  it('adds a list once (409), refuses deleted lists (400) and unknown or foreign ones (404)', async () => {
    const audienceId = await createAudience('Lijsten toevoegen');
    const listId = await createList('Eenmalig');
    await addList(audienceId, listId);
    const twice = await call('POST', `/audience/${audienceId}/lists/add`, { query: { listId } });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      status: 409,
      message: 'Deze lijst hoort al bij de doelgroep.',
      field: 'listId',
    });
    const deleted = await call('POST', `/audience/${audienceId}/lists/add`, {
      query: { listId: receiverIds.lists.oldNewsletter },
    });
    expect(deleted.status).toBe(400);
    expect(deleted.body).toMatchObject({ field: 'listId' });
    const foreignList = await call('POST', `/audience/${audienceId}/lists/add`, {
      query: { listId: receiverIds.lists.friends },
    });
    expect(foreignList.status).toBe(404);
    const foreignAudience = await call(
      'POST',
      `/audience/${receiverIds.audiences.subscribedFriends}/lists/add`,
      { query: { listId } },
    );
    expect(foreignAudience.status).toBe(404);
    const unknownAudience = await call('POST', `/audience/${unknownId}/lists/add`, { query: { listId } });
    expect(unknownAudience.body).toEqual({ status: 404, message: 'De doelgroep is niet gevonden.' });
    const noList = await call('POST', `/audience/${audienceId}/lists/add`);
    expect(noList.body).toEqual({ status: 400, message: 'Lijst is verplicht.', field: 'listId' });
  });

  it('validates filters: field, operator and value required, fields per spec, attributes only with a label', async () => {
    const entry = receiverIds.audienceLists.residentsCentre;
    const post = (body: unknown) => call('POST', `/audiencelist/${entry}/filter`, { body });
    expect((await post({ operator: 'IsEqual', value: 'x' })).body).toEqual({
      status: 400,
      message: 'Veld is verplicht.',
      field: 'field',
    });
    expect((await post({ field: 'city', value: 'x' })).body).toMatchObject({
      status: 400,
      field: 'operator',
    });
    expect((await post({ field: 'city', operator: 'IsEqual' })).body).toMatchObject({
      status: 400,
      field: 'value',
    });
    expect((await post({ field: 'city', operator: 'IsEqual', value: '  ' })).body).toEqual({
      status: 400,
      message: 'Waarde is een verplicht veld',
      field: 'value',
    });
    const unknownField = await post({ field: 'shoeSize', operator: 'IsEqual', value: '44' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toMatchObject({ field: 'field' });
    expect((unknownField.body as { message: string }).message).toContain('postalCode');
    const unknownOperator = await post({ field: 'city', operator: 'GreaterThan', value: '1' });
    expect(unknownOperator.body).toEqual({
      status: 400,
      message:
        'Vergelijking moet een van deze waarden zijn: IsEqual, IsNotEqual, StartsWith, EndsWith, Contains.',
      field: 'operator',
    });
    const unlabelled = await post({ field: 'attribute4', operator: 'IsEqual', value: 'x' });
    expect(unlabelled.body).toEqual({
      status: 400,
      message: "De lijst 'Nieuwsbrief bewoners' heeft geen label 4; kies een ander veld.",
      field: 'field',
    });
    const labelled = await post({ field: 'attribute2', operator: 'Contains', value: 'sport' });
    expect(labelled.status).toBe(201);
    expect(labelled.body).toEqual({
      id: expect.any(String),
      field: 'attribute2',
      operator: 'Contains',
      value: 'sport',
    });
  });

  it('answers 404 for filters and audience lists that are unknown or of another environment', async () => {
    const body = { field: 'city', operator: 'IsEqual', value: 'x' };
    expect((await call('POST', `/audiencelist/${unknownId}/filter`, { body })).status).toBe(404);
    const foreign = await call(
      'POST',
      `/audiencelist/${receiverIds.audienceLists.subscribedFriends}/filter`,
      { body },
    );
    expect(foreign.status).toBe(404);
    expect(
      (await call('DELETE', `/audiencelist/${receiverIds.audienceLists.subscribedFriends}`)).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/audiencelist/${receiverIds.audienceLists.editorsTest}/filter/${unknownId}`))
        .status,
    ).toBe(404);
    expect((await call('GET', `/audience/${unknownId}/recipients/count`)).status).toBe(404);
    expect((await call('DELETE', `/audience/${receiverIds.audiences.subscribedFriends}`)).status).toBe(404);
  });
});
