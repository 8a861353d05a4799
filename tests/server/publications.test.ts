import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeliveryJob,
  Publication,
  PublicationBlock,
  PublicationType,
} from '../../server/src/contract/publications';
import { environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const { types, templates } = publicationIds;

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('publications area', () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    server.api<T>(method, path, { token, env, body, query });

  // A job goes to an audience, or to the invitees of an invitation: an audience without lists plans a job
  // to nobody, which is all these tests need.
  let emptyAudience: Promise<string> | undefined;
  const anAudience = () =>
    (emptyAudience ??= api<string>('POST', '/audience', undefined, { name: 'Lege doelgroep' }).then(
      (created) => created.body,
    ));

  /** Asserts a 400 that names the field in `field`, with a Dutch message that never shows its internal name. */
  function expectFieldError(response: { status: number; body: unknown }, field: string): void {
    expect(response.status).toBe(400);
    const body = response.body as ErrorBody;
    expect(body).toMatchObject({ status: 400, field });
    // Messages name the field by its Dutch label (contract/fieldLabels.ts) or speak of the thing itself.
    expect(body.message).not.toContain(field);
    expect(body.message).toMatch(/^[A-Z]/);
  }

  async function createPublication(
    name: string,
    publicationTypeId: string = types.zuiderveenNewsletter,
  ): Promise<string> {
    const response = await api<string>('POST', '/publications/', { name, publicationTypeId });
    expect(response.status).toBe(201);
    return response.body;
  }

  describe('publication types', () => {
    it('lists the environment types with templates and repeatable groups, total in X-Total-Count', async () => {
      const response = await api<PublicationType[]>('GET', '/publicationtypes/');
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe('2');
      expect(response.body.map((type) => type.name)).toEqual(['Nieuwsbrief', 'Uitnodiging']);
      const [newsletter] = response.body;
      expect(newsletter.templates.map((template) => template.name)).toEqual(['Standaard', 'Uitgebreid']);
      expect(newsletter.repeatableGroups).toContainEqual(
        expect.objectContaining({ type: 'artikel', name: 'Artikel' }),
      );
      expect(newsletter.repeatableGroups).toContainEqual(
        expect.objectContaining({ type: 'agendaitem', name: 'Agenda-item' }),
      );
    });

    it('pages and searches the types', async () => {
      const page = await api<PublicationType[]>('GET', '/publicationtypes/', undefined, {
        limit: 1,
        offset: 1,
      });
      expect(page.body.map((type) => type.name)).toEqual(['Uitnodiging']);
      expect(page.headers['x-total-count']).toBe('2');
      const search = await api<PublicationType[]>('GET', '/publicationtypes/', undefined, {
        search: 'uitnod',
      });
      expect(search.body.map((type) => type.id)).toEqual([types.zuiderveenInvitation]);
    });

    it('reads one type, and answers 404 for a type of another environment', async () => {
      const own = await api<PublicationType>('GET', `/publicationtypes/${types.zuiderveenInvitation}`);
      expect(own.status).toBe(200);
      expect(own.body.templates.map((template) => template.id)).toEqual([
        templates.zuiderveenInvitation,
        templates.zuiderveenReminder,
      ]);
      const foreign = await api<ErrorBody>('GET', `/publicationtypes/${types.cultuurhuisNewsletter}`);
      expect(foreign.status).toBe(404);
    });
  });

  describe('publications', () => {
    it('requires name and publicationTypeId, naming the field', async () => {
      expectFieldError(
        await api('POST', '/publications/', { publicationTypeId: types.zuiderveenNewsletter }),
        'name',
      );
      expectFieldError(await api('POST', '/publications/', { name: 'Zonder type' }), 'publicationTypeId');
      expectFieldError(
        await api('POST', '/publications/', { name: '', publicationTypeId: types.zuiderveenNewsletter }),
        'name',
      );
      expectFieldError(
        await api('POST', '/publications/', { name: '   ', publicationTypeId: types.zuiderveenNewsletter }),
        'name',
      );
    });

    it('refuses an unknown publication type and one of another environment with 400', async () => {
      expectFieldError(
        await api('POST', '/publications/', {
          name: 'Onbekend type',
          publicationTypeId: '0b7f4a1c-1111-4222-8333-944455566677',
        }),
        'publicationTypeId',
      );
      expectFieldError(
        await api('POST', '/publications/', {
          name: 'Vreemd type',
          publicationTypeId: types.cultuurhuisNewsletter,
        }),
        'publicationTypeId',
      );
      expectFieldError(
        await api('POST', '/publications/', { name: 'Geen GUID', publicationTypeId: 'nieuwsbrief' }),
        'publicationTypeId',
      );
    });

    it('creates a publication, answers its id and reads it back with its type', async () => {
      const id = await createPublication('Nieuwsbrief maart 2025');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const read = await api<Publication>('GET', `/publications/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id,
        name: 'Nieuwsbrief maart 2025',
        isNotMarketing: false,
        isPublic: false,
        publicationTypeId: types.zuiderveenNewsletter,
        publicationTypeName: 'Nieuwsbrief',
      });
    });

    it('updates name and flags, and keeps them', async () => {
      const id = await createPublication('Nieuwsbrief april');
      const update = await api<Publication>('PUT', `/publications/${id}`, {
        name: 'Nieuwsbrief april 2025',
        isNotMarketing: true,
        isPublic: true,
      });
      expect(update.status).toBe(200);
      expect(update.body).toMatchObject({
        name: 'Nieuwsbrief april 2025',
        isNotMarketing: true,
        isPublic: true,
      });
      const read = await api<Publication>('GET', `/publications/${id}`);
      expect(read.body).toMatchObject({
        name: 'Nieuwsbrief april 2025',
        isNotMarketing: true,
        isPublic: true,
      });
    });

    it('validates the update body, naming the field', async () => {
      const id = await createPublication('Te wijzigen');
      expectFieldError(
        await api('PUT', `/publications/${id}`, { name: 'X', isNotMarketing: true }),
        'isPublic',
      );
      expectFieldError(
        await api('PUT', `/publications/${id}`, { name: ' ', isNotMarketing: true, isPublic: false }),
        'name',
      );
      expectFieldError(
        await api('PUT', `/publications/${id}`, { name: 'X', isNotMarketing: 'ja', isPublic: false }),
        'isNotMarketing',
      );
    });

    it('pages, searches and sorts the publications with a total', async () => {
      const all = await api<{ data: Publication[]; total: number }>('GET', '/publications/');
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(all.body.data.length);
      expect(
        all.body.data.every((publication) => publication.id !== publicationIds.publications.seasonOpening),
      ).toBe(true);

      const search = await api<{ data: Publication[]; total: number }>('GET', '/publications/', undefined, {
        search: 'BEWONERSAVOND',
      });
      expect(search.body.data.map((publication) => publication.id)).toEqual([
        publicationIds.publications.residentsEvening,
      ]);
      expect(search.body.total).toBe(1);

      const sorted = await api<{ data: Publication[]; total: number }>('GET', '/publications/', undefined, {
        sort: 'name',
        order: 'ASC',
        limit: 2,
        offset: 1,
      });
      const names = all.body.data
        .map((publication) => publication.name)
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
      expect(sorted.body.data.map((publication) => publication.name)).toEqual(names.slice(1, 3));
      expect(sorted.body.total).toBe(all.body.total);

      const pastEnd = await api<{ data: Publication[]; total: number }>('GET', '/publications/', undefined, {
        offset: 500,
      });
      expect(pastEnd.body).toEqual({ data: [], total: all.body.total });
      expectFieldError(await api('GET', '/publications/', undefined, { limit: 251 }), 'limit');
      expectFieldError(await api('GET', '/publications/', undefined, { sort: 'password' }), 'sort');
    });

    it("answers 404 for another environment's publication", async () => {
      const foreign = publicationIds.publications.seasonOpening;
      expect((await api('GET', `/publications/${foreign}`)).status).toBe(404);
      expect(
        (
          await api('PUT', `/publications/${foreign}`, {
            name: 'Overgenomen',
            isNotMarketing: false,
            isPublic: false,
          })
        ).status,
      ).toBe(404);
      expect((await api('GET', `/publications/${foreign}/blocks`)).status).toBe(404);
      const addBlock = await api<ErrorBody>(
        'POST',
        `/publications/${foreign}/type/${types.cultuurhuisNewsletter}/artikel/dynamic`,
      );
      expect(addBlock.status).toBe(404);
      expect(addBlock.body).toMatchObject({ status: 404, message: 'De publicatie is niet gevonden.' });
      // The same publication in its own environment is there (Anne is a member of both).
      const own = await server.api('GET', `/publications/${foreign}`, {
        token,
        env: environmentIds.cultuurhuis,
      });
      expect(own.status).toBe(200);
    });
  });

  describe('blocks', () => {
    const blocksOf = async (publicationId: string) =>
      (await api<{ data: PublicationBlock[]; total: number }>('GET', `/publications/${publicationId}/blocks`))
        .body.data;
    const addBlock = (
      publicationId: string,
      blockType: string,
      typeId: string = types.zuiderveenNewsletter,
    ) =>
      api<PublicationBlock | ErrorBody>(
        'POST',
        `/publications/${publicationId}/type/${typeId}/${blockType}/dynamic`,
      );

    it('reads the seeded blocks in order', async () => {
      const blocks = await blocksOf(publicationIds.publications.januaryNewsletter);
      expect(blocks.map((block) => [block.blockType, block.name, block.position])).toEqual([
        ['uitgelicht', 'Uitgelicht', 0],
        ['artikel', 'Artikel', 1],
        ['artikel', 'Artikel', 2],
        ['agendaitem', 'Agenda-item', 3],
      ]);
    });

    it('adds blocks of the type’s groups at the end', async () => {
      const id = await createPublication('Met blokken');
      const first = await addBlock(id, 'artikel');
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        publicationId: id,
        blockType: 'artikel',
        name: 'Artikel',
        position: 0,
      });
      const second = await addBlock(id, 'agendaitem');
      expect(second.body).toMatchObject({ blockType: 'agendaitem', name: 'Agenda-item', position: 1 });
      expect((await blocksOf(id)).map((block) => block.blockType)).toEqual(['artikel', 'agendaitem']);
    });

    it("refuses another type's block type and a type that is not the publication's with 400", async () => {
      const id = await createPublication('Strenge blokken');
      expectFieldError(await addBlock(id, 'spreker'), 'blockType');
      expectFieldError(await addBlock(id, 'bestaatniet'), 'blockType');
      expectFieldError(await addBlock(id, 'spreker', types.zuiderveenInvitation), 'publicationTypeId');
      expectFieldError(await addBlock(id, 'artikel', types.cultuurhuisNewsletter), 'publicationTypeId');
      expect(await blocksOf(id)).toEqual([]);
    });

    it('reorders the blocks, refusing a list that is not exactly the publication’s blocks', async () => {
      const id = await createPublication('Te ordenen');
      for (const blockType of ['artikel', 'agendaitem', 'uitgelicht']) await addBlock(id, blockType);
      const [a, b, c] = await blocksOf(id);

      const reordered = await api<{ data: PublicationBlock[] }>('PUT', `/publications/${id}/blocks/order`, {
        blockIds: [c.id, a.id, b.id],
      });
      expect(reordered.status).toBe(200);
      expect(reordered.body.data.map((block) => [block.id, block.position])).toEqual([
        [c.id, 0],
        [a.id, 1],
        [b.id, 2],
      ]);
      expect((await blocksOf(id)).map((block) => block.blockType)).toEqual([
        'uitgelicht',
        'artikel',
        'agendaitem',
      ]);

      expectFieldError(
        await api('PUT', `/publications/${id}/blocks/order`, { blockIds: [c.id, a.id] }),
        'blockIds',
      );
      expectFieldError(
        await api('PUT', `/publications/${id}/blocks/order`, { blockIds: [c.id, a.id, a.id] }),
        'blockIds',
      );
      const foreignBlock = (await blocksOf(publicationIds.publications.januaryNewsletter))[0].id;
      expectFieldError(
        await api('PUT', `/publications/${id}/blocks/order`, { blockIds: [c.id, a.id, foreignBlock] }),
        'blockIds',
      );
      expectFieldError(await api('PUT', `/publications/${id}/blocks/order`, {}), 'blockIds');
      expect((await blocksOf(id)).map((block) => block.id)).toEqual([c.id, a.id, b.id]);
    });

    it('removes a block and closes the gap; an unknown block answers 404', async () => {
      const id = await createPublication('Te verwijderen');
      for (const blockType of ['artikel', 'agendaitem', 'uitgelicht']) await addBlock(id, blockType);
      const [a, b, c] = await blocksOf(id);
      expect((await api('DELETE', `/publications/${id}/blocks/${a.id}`)).status).toBe(204);
      expect((await blocksOf(id)).map((block) => [block.id, block.position])).toEqual([
        [b.id, 0],
        [c.id, 1],
      ]);
      expect((await api('DELETE', `/publications/${id}/blocks/${a.id}`)).status).toBe(404);
      const seededBlock = (await blocksOf(publicationIds.publications.januaryNewsletter))[0].id;
      expect((await api('DELETE', `/publications/${id}/blocks/${seededBlock}`)).status).toBe(404);
      expect(await blocksOf(publicationIds.publications.januaryNewsletter)).toHaveLength(4);
      // A block added after a removal goes to the end, not into a gap.
      const added = await addBlock(id, 'fotoreportage');
      expect(added.body).toMatchObject({ position: 2 });
    });
  });
  describe('delivery jobs', () => {
    const newsletter = publicationIds.publications.januaryNewsletter;
    const validRsvpJob = {
      publicationId: newsletter,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      publicationTemplateId: templates.zuiderveenExtended,
      audienceId: null,
      ignoreRsvp: false,
      SendToOnlyAcceptedRsvp: true,
    };

    it('validates the body, naming the field', async () => {
      const { title: _title, ...withoutTitle } = validRsvpJob;
      expectFieldError(await api('POST', '/deliveryjobs', withoutTitle), 'title');
      expectFieldError(await api('POST', '/deliveryjobs', { ...validRsvpJob, title: '  ' }), 'title');
      const { publicationTemplateId: _template, ...withoutTemplate } = validRsvpJob;
      expectFieldError(await api('POST', '/deliveryjobs', withoutTemplate), 'publicationTemplateId');
      const { publicationId: _publication, ...withoutPublication } = validRsvpJob;
      expectFieldError(await api('POST', '/deliveryjobs', withoutPublication), 'publicationId');
      expectFieldError(
        await api('POST', '/deliveryjobs', { ...validRsvpJob, SendToOnlyAcceptedRsvp: 'ja' }),
        'SendToOnlyAcceptedRsvp',
      );
    });

    it("refuses an unknown publication and another environment's with 400", async () => {
      expectFieldError(
        await api('POST', '/deliveryjobs', {
          ...validRsvpJob,
          publicationId: '0b7f4a1c-1111-4222-8333-944455566677',
        }),
        'publicationId',
      );
      expectFieldError(
        await api('POST', '/deliveryjobs', {
          ...validRsvpJob,
          publicationId: publicationIds.publications.seasonOpening,
        }),
        'publicationId',
      );
    });

    it("refuses a template that is not of the publication's type with 400", async () => {
      expectFieldError(
        await api('POST', '/deliveryjobs', {
          ...validRsvpJob,
          publicationTemplateId: templates.zuiderveenInvitation,
        }),
        'publicationTemplateId',
      );
      expectFieldError(
        await api('POST', '/deliveryjobs', {
          ...validRsvpJob,
          publicationTemplateId: templates.cultuurhuisStandard,
        }),
        'publicationTemplateId',
      );
    });

    it('requires an audience unless the job goes to the accepted RSVP participants only', async () => {
      expectFieldError(
        await api('POST', '/deliveryjobs', { ...validRsvpJob, SendToOnlyAcceptedRsvp: false }),
        'audienceId',
      );
      const { audienceId: _audience, SendToOnlyAcceptedRsvp: _rsvp, ...withoutBoth } = validRsvpJob;
      expectFieldError(await api('POST', '/deliveryjobs', withoutBoth), 'audienceId');
      expectFieldError(
        await api('POST', '/deliveryjobs', {
          ...validRsvpJob,
          audienceId: '0b7f4a1c-1111-4222-8333-944455566677',
        }),
        'audienceId',
      );
    });

    it('refuses the accepted RSVP participants of a publication nobody was invited to; plans a job for an audience and reads it back', async () => {
      // Planned for tomorrow, so the worker leaves it as it is while it is read back.
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
      const nobodyInvited = await api<{ message: string }>('POST', '/deliveryjobs', {
        ...validRsvpJob,
        scheduledAt: tomorrow,
      });
      expect(nobodyInvited.status).toBe(400);
      expect(nobodyInvited.body.message).toMatch(/uitgenodigd|uitnodiging/i);
      const audience = await api<string>('POST', '/audience', undefined, { name: 'Lezers van morgen' });
      expect(audience.status).toBe(201);
      const created = await api<DeliveryJob>('POST', '/deliveryjobs', {
        ...validRsvpJob,
        audienceId: audience.body,
        SendToOnlyAcceptedRsvp: false,
        scheduledAt: tomorrow,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        publicationId: newsletter,
        publicationName: 'Nieuwsbrief januari 2025',
        title: 'Verspreiden van Nieuwsbrief januari 2025',
        publicationTemplateId: templates.zuiderveenExtended,
        publicationTemplateName: 'Uitgebreid',
        audienceId: audience.body,
        audienceName: 'Lezers van morgen',
        ignoreRsvp: false,
        SendToOnlyAcceptedRsvp: false,
        recipientCount: 0,
        status: 'Gepland',
        scheduledAt: tomorrow,
        createdBy: 'Anne de Vries',
      });
      expect(Date.now() - Date.parse(created.body.createdAt)).toBeLessThan(60_000);

      const one = await api<DeliveryJob>('GET', `/deliveryjobs/${created.body.id}`);
      expect(one.body).toEqual(created.body);
      const page = await api<{ data: DeliveryJob[]; total: number }>('GET', '/deliveryjobs');
      expect(page.body.data[0]).toEqual(created.body);
      const ofPublication = await api<{ data: DeliveryJob[]; total: number }>(
        'GET',
        '/deliveryjobs',
        undefined,
        {
          publicationId: newsletter,
        },
      );
      // Newest first: the new job, then the seeded send of January (February's is another publication's).
      expect(ofPublication.body.data.map((job) => job.id)).toEqual([
        created.body.id,
        publicationIds.januaryDeliveryJob,
      ]);
      expect(ofPublication.body.total).toBe(2);
    });

    it('plans a job for an audience with its recipient count, global unsubscribers excluded', async () => {
      const list = await api<{ id: string }>('POST', '/list/manual', undefined, {
        title: 'Telling bezorging',
      });
      expect(list.status).toBe(201);
      const addresses = [
        'els@voorbeeld.nl',
        'joost@voorbeeld.nl',
        'fatima@voorbeeld.nl',
        'Pieter@Voorbeeld.nl',
      ];
      for (const email of addresses) {
        const added = await api('POST', `/list/manual/${list.body.id}/subscriber`, {
          name: email.split('@')[0],
          email,
        });
        expect(added.status).toBe(201);
      }
      // A global unsubscribe written in another case still excludes the address.
      expect((await api('POST', '/unsubscribers', undefined, { email: 'PIETER@voorbeeld.nl' })).status).toBe(
        201,
      );
      const audience = await api<string>('POST', '/audience', undefined, { name: 'Telling bezorging' });
      expect(audience.status).toBe(201);
      expect(
        (await api('POST', `/audience/${audience.body}/lists/add`, undefined, { listId: list.body.id }))
          .status,
      ).toBe(201);

      const created = await api<DeliveryJob>('POST', '/deliveryjobs', {
        ...validRsvpJob,
        audienceId: audience.body,
        SendToOnlyAcceptedRsvp: false,
        ignoreRsvp: true,
        scheduledAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        audienceId: audience.body,
        audienceName: 'Telling bezorging',
        SendToOnlyAcceptedRsvp: false,
        ignoreRsvp: true,
        recipientCount: 3,
        status: 'Gepland',
      });

      // The count is estimated at creation: a later unsubscribe does not change the planned job (the job
      // counts again when it starts).
      expect((await api('POST', '/unsubscribers', undefined, { email: 'els@voorbeeld.nl' })).status).toBe(
        201,
      );
      expect((await api<DeliveryJob>('GET', `/deliveryjobs/${created.body.id}`)).body.recipientCount).toBe(3);
    });

    it('refuses a deleted audience and an audience of another environment with 400', async () => {
      const audience = await api<string>('POST', '/audience', undefined, { name: 'Opgeheven doelgroep' });
      expect((await api('DELETE', `/audience/${audience.body}`)).status).toBe(204);
      const deleted = await api<ErrorBody>('POST', '/deliveryjobs', {
        ...validRsvpJob,
        audienceId: audience.body,
        SendToOnlyAcceptedRsvp: false,
      });
      expectFieldError(deleted, 'audienceId');
      expect(deleted.body.message).toContain('doelgroep is verwijderd');
      expectFieldError(
        await api('POST', '/deliveryjobs', {
          ...validRsvpJob,
          audienceId: receiverIds.audiences.subscribedFriends,
          SendToOnlyAcceptedRsvp: false,
        }),
        'audienceId',
      );
    });

    it('lists the seeded sent job with the audience name and the count of its audience', async () => {
      const page = await api<{ data: DeliveryJob[]; total: number }>('GET', '/deliveryjobs', undefined, {
        search: 'februari',
      });
      const [seeded] = page.body.data;
      expect(seeded).toMatchObject({
        id: publicationIds.deliveryJob,
        publicationName: 'Nieuwsbrief februari 2025',
        audienceName: 'Inwoners en ondernemers',
        publicationTemplateName: 'Uitgebreid',
        status: 'Verzonden',
      });
      expect(seeded.recipientCount).toBeGreaterThan(0);
      expect(seeded.sentCount).toBe(seeded.recipientCount);
    });

    it("answers 404 for another environment's job", async () => {
      const created = await api<DeliveryJob>('POST', '/deliveryjobs', {
        ...validRsvpJob,
        SendToOnlyAcceptedRsvp: false,
        audienceId: await anAudience(),
      });
      const foreign = await server.api('GET', `/deliveryjobs/${created.body.id}`, {
        token,
        env: environmentIds.cultuurhuis,
      });
      expect(foreign.status).toBe(404);
      const foreignList = await server.api<{ data: DeliveryJob[] }>('GET', '/deliveryjobs', {
        token,
        env: environmentIds.cultuurhuis,
      });
      expect(foreignList.body.data.some((job) => job.id === created.body.id)).toBe(false);
    });

    it("answers 404 when the jobs are filtered by another environment's publication", async () => {
      const created = await api<DeliveryJob>('POST', '/deliveryjobs', {
        ...validRsvpJob,
        SendToOnlyAcceptedRsvp: false,
        audienceId: await anAudience(),
      });
      const own = await api<{ data: DeliveryJob[] }>('GET', '/deliveryjobs', undefined, {
        publicationId: created.body.publicationId,
      });
      expect(own.status).toBe(200);
      expect(own.body.data.map((job) => job.id)).toContain(created.body.id);
      const foreign = await server.api('GET', '/deliveryjobs', {
        token,
        env: environmentIds.cultuurhuis,
        query: { publicationId: created.body.publicationId },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ status: 404, message: 'De publicatie is niet gevonden.' });
    });
  });

  describe('deleting a publication', () => {
    const blocksOf = (publicationId: string) =>
      api<{ data: PublicationBlock[]; total: number } | ErrorBody>(
        'GET',
        `/publications/${publicationId}/blocks`,
      );
    const addBlock = (publicationId: string, blockType: string) =>
      api<PublicationBlock>(
        'POST',
        `/publications/${publicationId}/type/${types.zuiderveenNewsletter}/${blockType}/dynamic`,
      );

    /** A publication that passes the checks before sending: one article with its required title. */
    async function sendablePublication(name: string): Promise<string> {
      const id = await createPublication(name);
      const block = (await addBlock(id, 'artikel')).body as PublicationBlock;
      const saved = await api('PUT', `/publications/${id}/blocks/${block.id}`, {
        content: { title: name },
        version: block.version,
      });
      expect(saved.status).toBe(200);
      return id;
    }

    it('deletes a publication with its blocks: both read back 404 and it leaves the list', async () => {
      const id = await createPublication('Verkeerd aangemaakt');
      for (const blockType of ['artikel', 'agendaitem'])
        expect((await addBlock(id, blockType)).status).toBe(201);
      const [block] = ((await blocksOf(id)).body as { data: PublicationBlock[] }).data;

      const deleted = await api('DELETE', `/publications/${id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');

      const read = await api<ErrorBody>('GET', `/publications/${id}`);
      expect(read.status).toBe(404);
      expect(read.body).toMatchObject({ status: 404, message: 'De publicatie is niet gevonden.' });
      expect((await blocksOf(id)).status).toBe(404);
      expect((await api('DELETE', `/publications/${id}/blocks/${block.id}`)).status).toBe(404);
      const list = await api<{ data: Publication[] }>('GET', '/publications/', undefined, {
        search: 'Verkeerd aangemaakt',
      });
      expect(list.body.data).toEqual([]);
      // Deleting it again finds nothing.
      expect((await api('DELETE', `/publications/${id}`)).status).toBe(404);
    });

    it('refuses with 409 naming the field when the publication has delivery jobs, and keeps it whole', async () => {
      const id = await sendablePublication('Al verspreid');
      const job = await api<DeliveryJob>('POST', '/deliveryjobs', {
        publicationId: id,
        title: 'Verspreiden van Al verspreid',
        publicationTemplateId: templates.zuiderveenStandard,
        audienceId: await anAudience(),
      });
      expect(job.status).toBe(201);

      // The job starts at once: once the worker has taken it, something went out.
      await expect
        .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${job.body.id}`)).body.status, {
          timeout: 30_000,
        })
        .not.toBe('Gepland');
      const refused = await api<ErrorBody>('DELETE', `/publications/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        status: 409,
        message: 'Deze publicatie is al verspreid en kan niet worden verwijderd.',
        field: 'id',
      });

      expect((await api<Publication>('GET', `/publications/${id}`)).body).toMatchObject({
        id,
        name: 'Al verspreid',
      });
      expect(((await blocksOf(id)).body as { total: number }).total).toBe(1);
      expect((await api<DeliveryJob>('GET', `/deliveryjobs/${job.body.id}`)).body).toMatchObject({
        publicationId: id,
        publicationName: 'Al verspreid',
      });
    });

    it('refuses a publication whose only job is planned for later without saying it was sent', async () => {
      const id = await sendablePublication('Pas morgen');
      const job = await api<DeliveryJob>('POST', '/deliveryjobs', {
        publicationId: id,
        title: 'Verspreiden van Pas morgen',
        publicationTemplateId: templates.zuiderveenStandard,
        audienceId: await anAudience(),
        scheduledAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
      });
      expect(job.status).toBe(201);
      const refused = await api<ErrorBody>('DELETE', `/publications/${id}`);
      expect(refused.body).toEqual({
        status: 409,
        message:
          'Deze publicatie heeft een geplande verzending en kan daarom niet worden verwijderd. Er is nog niets verstuurd.',
        field: 'id',
      });
    });

    it('lets exactly one of a delete and a job planned at the same moment win, never with a 500', async () => {
      // On PostgreSQL the two run truly concurrently; either order must leave a consistent outcome:
      // deleted and the job refused (400 naming publicationId), or the job planned and the delete refused.
      const audience = await anAudience();
      for (let round = 0; round < 20; round++) {
        const id = await sendablePublication(`Gelijktijdig ${round}`);
        const [deleted, job] = await Promise.all([
          api<ErrorBody>('DELETE', `/publications/${id}`),
          api<ErrorBody>('POST', '/deliveryjobs', {
            publicationId: id,
            title: `Verspreiden van Gelijktijdig ${round}`,
            publicationTemplateId: templates.zuiderveenStandard,
            audienceId: audience,
          }),
        ]);
        if (deleted.status === 204) {
          expectFieldError(job, 'publicationId');
        } else {
          expect([deleted.status, job.status]).toEqual([409, 201]);
          expect((await api('GET', `/publications/${id}`)).status).toBe(200);
        }
      }
    });

    it("answers 404 for another environment's publication and leaves it in its own", async () => {
      const foreign = publicationIds.publications.seasonOpening;
      const refused = await api<ErrorBody>('DELETE', `/publications/${foreign}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ status: 404, message: 'De publicatie is niet gevonden.' });
      const own = await server.api('GET', `/publications/${foreign}`, {
        token,
        env: environmentIds.cultuurhuis,
      });
      expect(own.status).toBe(200);
    });

    it('answers 404 for an unknown id and 400 naming the field for an id that is no GUID', async () => {
      expect((await api('DELETE', '/publications/0b7f4a1c-1111-4222-8333-944455566677')).status).toBe(404);
      expectFieldError(await api('DELETE', '/publications/nieuwsbrief'), 'id');
    });
  });
});
