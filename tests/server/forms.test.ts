import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FieldOption,
  FieldOptionPage,
  Flow,
  FlowDetail,
  FlowPage,
  FormField,
  FormFieldDetail,
  FormFieldPage,
  OptionCountPage,
  SubmissionPage,
} from '../../server/src/contract/forms';
import { environmentIds, formIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const unknownId = '0b7f4a1c-1111-4222-8333-944455566677';

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('forms area', () => {
  let server: TestServer;
  let token: Tokens;
  let bram: Tokens;
  let clientNumber = 0;

  beforeAll(async () => {
    // TRUST_PROXY: each submission below comes from its own client address (X-Forwarded-For), as people do,
    // so the per-address rate limit of the public endpoint does not interfere with these tests.
    server = await startTestServer({ TRUST_PROXY: 'on' });
    token = await server.signIn('anne@voorbeeld.nl');
    bram = await server.signIn('bram@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    server.api<T>(method, path, { token, env, body, query });
  const otherApi = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env: otherEnv, body });

  /** Sends answers as an API client would (JSON), from a client address of its own. */
  const submit = <T>(flowId: string, answers: Record<string, string>, environmentId: string = env) => {
    clientNumber += 1;
    return server.api<T>('POST', `/f/${environmentId}/${flowId}`, {
      body: { answers },
      headers: { 'x-forwarded-for': `10.1.${Math.floor(clientNumber / 250)}.${clientNumber % 250}` },
    });
  };

  function expectFieldError(response: { status: number; body: unknown }, field: string, message?: string) {
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, field });
    if (message) expect((response.body as ErrorBody).message).toBe(message);
  }

  async function createFlow(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const response = await api<string>('POST', '/flows', { name, ...extra });
    expect(response.status).toBe(201);
    return response.body;
  }
  async function createField(flowId: string, label: string, type: 0 | 1): Promise<FormField> {
    const response = await api<FormField>('POST', `/flows/${flowId}/fields`, { label, type });
    expect(response.status).toBe(201);
    return response.body;
  }
  async function createOption(flowId: string, fieldId: string, label: string, maxAnswers: number) {
    const response = await api<FieldOption>('POST', `/flows/${flowId}/fields/${fieldId}/options`, {
      label,
      maxAnswers,
    });
    expect(response.status).toBe(201);
    return response.body;
  }
  const flowTotal = async () => (await api<FlowPage>('GET', '/flows')).body.total;

  describe('forms (flows)', () => {
    it('creates a form (POST /flows answers the id) and reads it with its public address', async () => {
      const id = await createFlow('  Enquête buurthuis ', {
        title: 'Wat vind je van het buurthuis?',
        description: 'Kort.',
      });
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const read = await api<FlowDetail>('GET', `/flows/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id,
        name: 'Enquête buurthuis',
        title: 'Wat vind je van het buurthuis?',
        description: 'Kort.',
        fieldCount: 0,
        submissionCount: 0,
        fields: [],
        publicUrl: `${server.config.publicUrl}/f/${env}/${id}`,
      });
    });

    it("requires the name ('Naam is een verplicht veld') and stores nothing without it", async () => {
      const before = await flowTotal();
      expectFieldError(
        await api('POST', '/flows', { title: 'Zonder naam' }),
        'name',
        'Naam is een verplicht veld',
      );
      expectFieldError(await api('POST', '/flows', { name: null }), 'name', 'Naam is een verplicht veld');
      expectFieldError(await api('POST', '/flows', { name: '   ' }), 'name', 'Naam is een verplicht veld');
      expectFieldError(await api('POST', '/flows', { name: 'x'.repeat(201) }), 'name');
      expect(await flowTotal()).toBe(before);
    });

    it('changes a form with PUT /flows/{id}; title and description may be cleared', async () => {
      const id = await createFlow('Oud', { title: 'Titel', description: 'Omschrijving' });
      const updated = await api<Flow>('PUT', `/flows/${id}`, { name: 'Nieuw', title: null });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id, name: 'Nieuw', title: '', description: '' });
      expectFieldError(await api('PUT', `/flows/${id}`, { name: '' }), 'name', 'Naam is een verplicht veld');
      expect((await api<Flow>('GET', `/flows/${id}`)).body.name).toBe('Nieuw');
    });

    it('lists forms paged and searched, with the total', async () => {
      await createFlow('Zoekbaar formulier alfa');
      await createFlow('Zoekbaar formulier beta');
      const search = await api<FlowPage>('GET', '/flows', undefined, { search: 'zoekbaar', sort: 'name' });
      expect(search.body.total).toBe(2);
      expect(search.body.data.map((flow) => flow.name)).toEqual([
        'Zoekbaar formulier alfa',
        'Zoekbaar formulier beta',
      ]);
      const page = await api<FlowPage>('GET', '/flows', undefined, {
        search: 'zoekbaar',
        sort: 'name',
        order: 'DESC',
        limit: 1,
        offset: 1,
      });
      expect(page.body).toMatchObject({ total: 2, data: [{ name: 'Zoekbaar formulier alfa' }] });
      const all = await api<FlowPage>('GET', '/flows');
      expect(all.body.data.map((flow) => flow.id)).toContain(formIds.playgroundEvening);
    });

    it('deletes a form with its questions, options and submissions', async () => {
      const id = await createFlow('Weg ermee');
      const field = await createField(id, 'Vraag', 0);
      const option = await createOption(id, field.id, 'Ja', 0);
      expect((await submit(id, { [field.id]: option.id })).status).toBe(201);
      const deleted = await api('DELETE', `/flows/${id}`);
      expect(deleted.status).toBe(204);
      expect((await api('GET', `/flows/${id}`)).status).toBe(404);
      expect((await api('GET', `/flows/${id}/fields/${field.id}`)).status).toBe(404);
      expect((await api('DELETE', `/flows/${id}`)).status).toBe(404);
    });
  });

  describe('access across environments', () => {
    let foreignFlow: string;
    let foreignField: FormField;
    let foreignOption: FieldOption;

    beforeAll(async () => {
      const created = await otherApi<string>('POST', '/flows', { name: 'Cultuurhuis-formulier' });
      foreignFlow = created.body;
      foreignField = (
        await otherApi<FormField>('POST', `/flows/${foreignFlow}/fields`, { label: 'Q', type: 0 })
      ).body;
      foreignOption = (
        await otherApi<FieldOption>('POST', `/flows/${foreignFlow}/fields/${foreignField.id}/options`, {
          label: 'Ja',
          maxAnswers: 1,
        })
      ).body;
    });

    it("answers 404 for another environment's form, question and option on every call", async () => {
      const flowPath = `/flows/${foreignFlow}`;
      const fieldPath = `${flowPath}/fields/${foreignField.id}`;
      const optionPath = `${fieldPath}/options/${foreignOption.id}`;
      const calls: Array<[string, string, unknown?]> = [
        ['GET', flowPath],
        ['PUT', flowPath, { name: 'Overgenomen' }],
        ['DELETE', flowPath],
        ['GET', `${flowPath}/fields`],
        ['POST', `${flowPath}/fields`, { label: 'Q', type: 1 }],
        ['PUT', `${flowPath}/fields/order`, { fieldIds: [foreignField.id] }],
        ['GET', fieldPath],
        ['PUT', fieldPath, { label: 'Q', type: 0 }],
        ['DELETE', fieldPath],
        ['GET', `${fieldPath}/options`],
        ['POST', `${fieldPath}/options`, { label: 'Nee', maxAnswers: 0 }],
        ['PUT', `${fieldPath}/options/order`, { optionIds: [foreignOption.id] }],
        ['GET', optionPath],
        ['PUT', optionPath, { label: 'Nee', maxAnswers: 0 }],
        ['DELETE', optionPath],
        ['GET', `${flowPath}/submissions`],
        ['GET', `${flowPath}/counts`],
        ['GET', `${flowPath}/submissions/csv`],
      ];
      for (const [method, path, body] of calls) {
        const response = await api<ErrorBody>(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      const intact = await otherApi<FlowDetail>('GET', flowPath);
      expect(intact.body).toMatchObject({
        name: 'Cultuurhuis-formulier',
        fields: [{ options: [{ label: 'Ja' }] }],
      });
      expect((await api<FlowPage>('GET', '/flows')).body.data.map((flow) => flow.id)).not.toContain(
        foreignFlow,
      );
    });

    it('refuses a user who is no member of the environment (403) and a missing token (401)', async () => {
      const notMember = await server.api('GET', '/flows', { token: bram, env: otherEnv });
      expect(notMember.status).toBe(403);
      const anonymous = await server.api('GET', '/flows', { env });
      expect(anonymous.status).toBe(401);
    });

    it("does not take answers for another environment's form through this environment's public address", async () => {
      const response = await submit<ErrorBody>(foreignFlow, { [foreignField.id]: foreignOption.id }, env);
      expect(response.status).toBe(404);
      expect(
        (
          await otherApi<FieldOption>(
            'GET',
            `/flows/${foreignFlow}/fields/${foreignField.id}/options/${foreignOption.id}`,
          )
        ).body.taken,
      ).toBe(0);
    });
  });

  describe('questions (fields)', () => {
    it('appends questions in order and reads one with its options', async () => {
      const flowId = await createFlow('Vragen');
      const first = await createField(flowId, 'Kom je?', 0);
      const second = await createField(flowId, 'Opmerkingen', 1);
      expect(first).toMatchObject({ flowId, label: 'Kom je?', type: 0, position: 0, optionCount: 0 });
      expect(second).toMatchObject({ type: 1, position: 1 });
      await createOption(flowId, first.id, 'Ja', 2);
      const detail = await api<FormFieldDetail>('GET', `/flows/${flowId}/fields/${first.id}`);
      expect(detail.body).toMatchObject({
        label: 'Kom je?',
        optionCount: 1,
        options: [{ label: 'Ja', maxAnswers: 2 }],
      });
      const list = await api<FormFieldPage>('GET', `/flows/${flowId}/fields`);
      expect(list.body.data.map((field) => field.label)).toEqual(['Kom je?', 'Opmerkingen']);
      expect((await api<Flow>('GET', `/flows/${flowId}`)).body.fieldCount).toBe(2);
    });

    it("requires label ('Vraag is een verplicht veld') and type ('Type is een verplicht veld'), storing nothing", async () => {
      const flowId = await createFlow('Verplichte velden');
      expectFieldError(
        await api('POST', `/flows/${flowId}/fields`, { type: 0 }),
        'label',
        'Vraag is een verplicht veld',
      );
      expectFieldError(
        await api('POST', `/flows/${flowId}/fields`, { label: ' ', type: 0 }),
        'label',
        'Vraag is een verplicht veld',
      );
      expectFieldError(
        await api('POST', `/flows/${flowId}/fields`, { label: 'Q' }),
        'type',
        'Type is een verplicht veld',
      );
      expectFieldError(
        await api('POST', `/flows/${flowId}/fields`, { label: 'Q', type: null }),
        'type',
        'Type is een verplicht veld',
      );
      expectFieldError(await api('POST', `/flows/${flowId}/fields`, { label: 'Q', type: 2 }), 'type');
      expectFieldError(await api('POST', `/flows/${flowId}/fields`, { label: 'Q', type: 'tekst' }), 'type');
      expect((await api<FormFieldPage>('GET', `/flows/${flowId}/fields`)).body.total).toBe(0);
      expect((await api('POST', `/flows/${unknownId}/fields`, { label: 'Q', type: 1 })).status).toBe(404);
    });

    it('changes a question; one with options cannot become a text question', async () => {
      const flowId = await createFlow('Wijzigen');
      const field = await createField(flowId, 'Oud', 1);
      const renamed = await api<FormField>('PUT', `/flows/${flowId}/fields/${field.id}`, {
        label: 'Nieuw',
        type: 0,
      });
      expect(renamed.body).toMatchObject({ label: 'Nieuw', type: 0 });
      await createOption(flowId, field.id, 'Ja', 0);
      expectFieldError(
        await api('PUT', `/flows/${flowId}/fields/${field.id}`, { label: 'Nieuw', type: 1 }),
        'type',
      );
      expect((await api<FormField>('GET', `/flows/${flowId}/fields/${field.id}`)).body.type).toBe(0);
      expectFieldError(
        await api('PUT', `/flows/${flowId}/fields/${field.id}`, { type: 0 }),
        'label',
        'Vraag is een verplicht veld',
      );
    });

    it('reorders questions (every one exactly once) and closes the gap of a deleted one', async () => {
      const flowId = await createFlow('Volgorde');
      const [a, b, c] = [
        await createField(flowId, 'A', 1),
        await createField(flowId, 'B', 1),
        await createField(flowId, 'C', 1),
      ];
      const reordered = await api<FormFieldPage>('PUT', `/flows/${flowId}/fields/order`, {
        fieldIds: [c.id, a.id, b.id],
      });
      expect(reordered.status).toBe(200);
      expect(reordered.body.data.map((field) => [field.label, field.position])).toEqual([
        ['C', 0],
        ['A', 1],
        ['B', 2],
      ]);
      expectFieldError(
        await api('PUT', `/flows/${flowId}/fields/order`, { fieldIds: [c.id, a.id] }),
        'fieldIds',
      );
      expectFieldError(
        await api('PUT', `/flows/${flowId}/fields/order`, { fieldIds: [c.id, a.id, unknownId] }),
        'fieldIds',
      );
      expect((await api('DELETE', `/flows/${flowId}/fields/${a.id}`)).status).toBe(204);
      const after = await api<FormFieldPage>('GET', `/flows/${flowId}/fields`);
      expect(after.body.data.map((field) => [field.label, field.position])).toEqual([
        ['C', 0],
        ['B', 1],
      ]);
      expect((await api('DELETE', `/flows/${flowId}/fields/${a.id}`)).status).toBe(404);
    });
  });

  describe('options', () => {
    it('appends options with places taken and left (0 = unlimited) and changes them', async () => {
      const flowId = await createFlow('Opties');
      const field = await createField(flowId, 'Welke dag?', 0);
      const limited = await createOption(flowId, field.id, 'Maandag', 2);
      const unlimited = await createOption(flowId, field.id, 'Dinsdag', 0);
      expect(limited).toMatchObject({
        flowId,
        fieldId: field.id,
        position: 0,
        maxAnswers: 2,
        taken: 0,
        left: 2,
        isFull: false,
      });
      expect(unlimited).toMatchObject({ position: 1, maxAnswers: 0, taken: 0, left: null, isFull: false });
      const updated = await api<FieldOption>(
        'PUT',
        `/flows/${flowId}/fields/${field.id}/options/${limited.id}`,
        {
          label: 'Maandagavond',
          maxAnswers: 5,
        },
      );
      expect(updated.body).toMatchObject({ label: 'Maandagavond', maxAnswers: 5, left: 5 });
      const read = await api<FieldOption>('GET', `/flows/${flowId}/fields/${field.id}/options/${limited.id}`);
      expect(read.body.label).toBe('Maandagavond');
    });

    it('refuses options on a text question with 400, storing nothing', async () => {
      const flowId = await createFlow('Tekstvraag');
      const field = await createField(flowId, 'Je naam', 1);
      const response = await api<ErrorBody>('POST', `/flows/${flowId}/fields/${field.id}/options`, {
        label: 'Ja',
        maxAnswers: 0,
      });
      expectFieldError(response, 'fieldId');
      expect(response.body.message).toContain('tekstvraag');
      expect(
        (await api<FieldOptionPage>('GET', `/flows/${flowId}/fields/${field.id}/options`)).body.total,
      ).toBe(0);
    });

    it('requires label and maxAnswers (Dutch messages), maxAnswers a whole number of at least 0', async () => {
      const flowId = await createFlow('Optievelden');
      const field = await createField(flowId, 'Q', 0);
      const path = `/flows/${flowId}/fields/${field.id}/options`;
      expectFieldError(await api('POST', path, { maxAnswers: 0 }), 'label', 'Optie is een verplicht veld');
      expectFieldError(
        await api('POST', path, { label: '', maxAnswers: 0 }),
        'label',
        'Optie is een verplicht veld',
      );
      expectFieldError(
        await api('POST', path, { label: 'Ja' }),
        'maxAnswers',
        'Maximum aantal antwoorden is een verplicht veld',
      );
      expectFieldError(
        await api('POST', path, { label: 'Ja', maxAnswers: null }),
        'maxAnswers',
        'Maximum aantal antwoorden is een verplicht veld',
      );
      expectFieldError(await api('POST', path, { label: 'Ja', maxAnswers: -1 }), 'maxAnswers');
      expectFieldError(await api('POST', path, { label: 'Ja', maxAnswers: 1.5 }), 'maxAnswers');
      expect((await api<FieldOptionPage>('GET', path)).body.total).toBe(0);
      const option = await createOption(flowId, field.id, 'Ja', 1);
      expectFieldError(
        await api('PUT', `${path}/${option.id}`, { label: 'Ja' }),
        'maxAnswers',
        'Maximum aantal antwoorden is een verplicht veld',
      );
    });

    it('reorders options and closes the gap of a deleted one; answers keep the label of a deleted option', async () => {
      const flowId = await createFlow('Optievolgorde');
      const field = await createField(flowId, 'Q', 0);
      const [a, b, c] = [
        await createOption(flowId, field.id, 'A', 0),
        await createOption(flowId, field.id, 'B', 0),
        await createOption(flowId, field.id, 'C', 0),
      ];
      const path = `/flows/${flowId}/fields/${field.id}/options`;
      const reordered = await api<FieldOptionPage>('PUT', `${path}/order`, { optionIds: [b.id, c.id, a.id] });
      expect(reordered.body.data.map((option) => option.label)).toEqual(['B', 'C', 'A']);
      expectFieldError(await api('PUT', `${path}/order`, { optionIds: [b.id] }), 'optionIds');
      expect((await submit(flowId, { [field.id]: c.id })).status).toBe(201);
      expect((await api('DELETE', `${path}/${c.id}`)).status).toBe(204);
      const after = await api<FieldOptionPage>('GET', path);
      expect(after.body.data.map((option) => [option.label, option.position])).toEqual([
        ['B', 0],
        ['A', 1],
      ]);
      const submissions = await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`);
      expect(submissions.body.data[0].answers).toEqual([{ fieldId: field.id, optionId: null, value: 'C' }]);
    });
  });

  describe('submissions', () => {
    let flowId: string;
    let choice: FormField;
    let text: FormField;
    let yes: FieldOption;
    let no: FieldOption;

    beforeAll(async () => {
      flowId = await createFlow('Aanmelding', { title: 'Meld je aan' });
      choice = await createField(flowId, 'Kom je?', 0);
      text = await createField(flowId, 'Je naam', 1);
      yes = await createOption(flowId, choice.id, 'Ja', 2);
      no = await createOption(flowId, choice.id, 'Nee', 0);
    });

    const optionsOf = async () =>
      (await api<FieldOptionPage>('GET', `/flows/${flowId}/fields/${choice.id}/options`)).body.data;
    const submissionTotal = async () =>
      (await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`)).body.total;

    it('validates every question: 400 naming the answer, nothing stored', async () => {
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ [text.id]: 'Anna' }, choice.id, "Kies een antwoord bij 'Kom je?'."],
        [{ [choice.id]: yes.id }, text.id, "Vul een antwoord in bij 'Je naam'."],
        [{ [choice.id]: yes.id, [text.id]: '   ' }, text.id, "Vul een antwoord in bij 'Je naam'."],
        [
          { [choice.id]: unknownId, [text.id]: 'Anna' },
          choice.id,
          "Kies een van de antwoorden bij 'Kom je?'.",
        ],
        [{ [choice.id]: 'ja', [text.id]: 'Anna' }, choice.id, "Kies een van de antwoorden bij 'Kom je?'."],
      ];
      for (const [answers, fieldId, message] of cases) {
        expectFieldError(await submit(flowId, answers), `answers.${fieldId}`, message);
      }
      const tooLong = await submit<ErrorBody>(flowId, { [choice.id]: yes.id, [text.id]: 'x'.repeat(2001) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.field).toBe(`answers.${text.id}`);
      const notJson = await submit<ErrorBody>(flowId, 'geen object' as never);
      expect(notJson.status).toBe(400);
      expect(await submissionTotal()).toBe(0);
      expect((await optionsOf()).map((option) => option.taken)).toEqual([0, 0]);
    });

    it('stores a submission and counts it per option; a full option answers 409', async () => {
      const first = await submit<{ id: string }>(flowId, { [choice.id]: yes.id, [text.id]: '  Anna  ' });
      expect(first.status).toBe(201);
      expect(first.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await submit(flowId, { [choice.id]: yes.id, [text.id]: 'Bas' })).status).toBe(201);
      const full = await submit<ErrorBody>(flowId, { [choice.id]: yes.id, [text.id]: 'Cor' });
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ message: 'Deze keuze is vol.', field: `answers.${choice.id}` });
      expect((await submit(flowId, { [choice.id]: no.id, [text.id]: 'Cor' })).status).toBe(201);

      expect(await optionsOf()).toMatchObject([
        { label: 'Ja', taken: 2, left: 0, isFull: true },
        { label: 'Nee', taken: 1, left: null, isFull: false },
      ]);
      const counts = await api<OptionCountPage>('GET', `/flows/${flowId}/counts`);
      expect(counts.body).toMatchObject({
        total: 2,
        data: [
          { fieldLabel: 'Kom je?', label: 'Ja', maxAnswers: 2, taken: 2, left: 0 },
          { fieldLabel: 'Kom je?', label: 'Nee', maxAnswers: 0, taken: 1, left: null },
        ],
      });
      const page = await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`, undefined, {
        order: 'ASC',
      });
      expect(page.body.total).toBe(3);
      expect(page.body.data.map((submission) => submission.answers)).toEqual([
        [
          { fieldId: choice.id, optionId: yes.id, value: 'Ja' },
          { fieldId: text.id, optionId: null, value: 'Anna' },
        ],
        [
          { fieldId: choice.id, optionId: yes.id, value: 'Ja' },
          { fieldId: text.id, optionId: null, value: 'Bas' },
        ],
        [
          { fieldId: choice.id, optionId: no.id, value: 'Nee' },
          { fieldId: text.id, optionId: null, value: 'Cor' },
        ],
      ]);
      const second = await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`, undefined, {
        limit: 1,
        offset: 1,
      });
      expect(second.body).toMatchObject({
        total: 3,
        data: [{ answers: [{ value: 'Ja' }, { value: 'Bas' }] }],
      });
      expect((await api<Flow>('GET', `/flows/${flowId}`)).body.submissionCount).toBe(3);
    });

    it('downloads the answers as CSV written by a CSV library: quoting, formulas escaped, BOM, semicolons', async () => {
      const csvFlow = await createFlow('Export; "test"');
      const q1 = await createField(csvFlow, 'Keuze', 0);
      const q2 = await createField(csvFlow, 'Toelichting; "vrij"', 1);
      const option = await createOption(csvFlow, q1.id, 'Ja, graag', 0);
      expect(
        (await submit(csvFlow, { [q1.id]: option.id, [q2.id]: 'Zei "hallo"; en\nging weg' })).status,
      ).toBe(201);
      expect((await submit(csvFlow, { [q1.id]: option.id, [q2.id]: '=HYPERLINK("http://x")' })).status).toBe(
        201,
      );

      const response = await api<string>('GET', `/flows/${csvFlow}/submissions/csv`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('attachment;');
      expect(response.headers['content-disposition']).toContain(
        "filename*=UTF-8''Export%3B%20%22test%22%20-%20antwoorden.csv",
      );
      expect(response.text.startsWith('\ufeff')).toBe(true);
      const lines = response.text.slice(1).split('\r\n');
      expect(lines[0]).toBe('Ingezonden op;Keuze;"Toelichting; ""vrij"""');
      expect(lines[1]).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};Ja, graag;"Zei ""hallo""; en\nging weg"$/,
      );
      expect(lines[2]).toMatch(/;Ja, graag;"'=HYPERLINK\(""http:\/\/x""\)"$/);
      expect(lines[3]).toBe('');
      expect(lines).toHaveLength(4);
    });

    it('downloads every submission, in batches, oldest first', async () => {
      const bigFlow = await createFlow('Veel antwoorden');
      const q = await createField(bigFlow, 'Nummer', 1);
      const count = 510; // more than one batch of 500
      for (let start = 0; start < count; start += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, count - start) }, (_, index) =>
            submit(bigFlow, { [q.id]: String(start + index) }),
          ),
        );
      }
      const response = await api<string>('GET', `/flows/${bigFlow}/submissions/csv`);
      const rows = response.text.slice(1).trim().split('\r\n').slice(1);
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.split(';')[1])).size).toBe(count);
    });
  });

  describe('places under concurrent submissions', () => {
    it('with 20 concurrent submissions for 3 places, exactly 3 are accepted and 17 get 409', async () => {
      const flowId = await createFlow('Drie plaatsen');
      const field = await createField(flowId, 'Doe je mee?', 0);
      const option = await createOption(flowId, field.id, 'Ja', 3);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => submit<ErrorBody>(flowId, { [field.id]: option.id })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 409)).toHaveLength(17);
      for (const refused of responses.filter((response) => response.status === 409)) {
        expect(refused.body.message).toBe('Deze keuze is vol.');
      }
      const stored = await api<FieldOption>(
        'GET',
        `/flows/${flowId}/fields/${field.id}/options/${option.id}`,
      );
      expect(stored.body).toMatchObject({ taken: 3, left: 0, isFull: true });
      expect((await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`)).body.total).toBe(3);
    });

    it('with places left in two questions, a refusal in one takes no place in the other', async () => {
      const flowId = await createFlow('Twee vragen');
      const first = await createField(flowId, 'Eerste', 0);
      const second = await createField(flowId, 'Tweede', 0);
      const roomy = await createOption(flowId, first.id, 'Ruim', 10);
      const scarce = await createOption(flowId, second.id, 'Schaars', 1);
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => submit(flowId, { [first.id]: roomy.id, [second.id]: scarce.id })),
      );
      expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
      const options = await api<FlowDetail>('GET', `/flows/${flowId}`);
      expect(options.body.fields.map((field) => field.options[0].taken)).toEqual([1, 1]);
    });
  });

  describe('demo form', () => {
    it('is seeded in Zuiderveen with a choice question (one option full) and a text question', async () => {
      const demo = await api<FlowDetail>('GET', `/flows/${formIds.playgroundEvening}`);
      expect(demo.body).toMatchObject({
        name: 'Inloopavond nieuwe speeltuin',
        submissionCount: 3,
        fields: [
          {
            id: formIds.eveningQuestion,
            type: 0,
            options: [
              { label: 'Dinsdag 8 december', maxAnswers: 2, taken: 2, isFull: true },
              { label: 'Donderdag 10 december', maxAnswers: 25, taken: 1, left: 24 },
              { label: 'Ik kan niet, houd me op de hoogte', maxAnswers: 0, left: null },
            ],
          },
          { id: formIds.nameQuestion, type: 1, options: [] },
        ],
      });
    });
  });
});
