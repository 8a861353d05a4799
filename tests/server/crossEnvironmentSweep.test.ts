import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationBlockPage, PublicationType } from '../../server/src/contract/publications';
import { demoUsers, environmentIds, mediaIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import {
  documentedOperations,
  environmentOperations,
  fillPath,
  folderPathParameter,
  nonNull,
  sampleObject,
  sampleValue,
  type JsonSchema,
  type Operation,
} from './support/openApiOperations';
import { candidatesFor, harvestedIds, harvestEnvironment, type Harvest } from './support/recordHarvest';
import { startTestServer, type ApiResponse, type TestServer, type Tokens } from './support/testServer';

// Tenant isolation, generated from the OpenAPI document: every operation under /api/1/{environmentId}
// is called from environment A with environment B's ids and headers, and must never answer B's data.
// A route added tomorrow is swept without a test being written for it.
//
// A = Zuiderveen (anne and bram are members), B = Cultuurhuis (only anne).

const a = environmentIds.zuiderveen;
const b = environmentIds.cultuurhuis;

interface Call {
  operation: Operation;
  token: Tokens;
  pathEnvironment: string;
  header: string;
  pathValues: Record<string, string>;
  pick: (name: string, schema: JsonSchema) => unknown;
}

describe('cross-environment sweep', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;
  let operations: Operation[];
  let inA: Harvest;
  let inB: Harvest;
  /** Ids only B's reads show: none of them may reach a caller in A. */
  let onlyB: string[];

  beforeAll(async () => {
    // Anne administers the platform only to give B a member of its own (the sweep leaves /platform/ out).
    server = await startTestServer({ PLATFORM_ADMINS: demoUsers.anne.username });
    [anne, bram] = await Promise.all([
      server.signIn(demoUsers.anne.username),
      server.signIn(demoUsers.bram.username),
    ]);
    // Platform administration spans environments by design (its own role, tests/server/provisioning.test.ts);
    // its mirror under the environment scope is left out here.
    operations = environmentOperations(await documentedOperations(server)).filter(
      (operation) => !operation.template.includes('/platform/'),
    );
    await giveEveryKindOfRecordTo(server, anne);
    inB = await harvestEnvironment(server, anne, b, operations);
    inA = await harvestEnvironment(server, anne, a, operations);
    const idsOfA = harvestedIds(inA);
    onlyB = [...harvestedIds(inB)].filter((id) => !idsOfA.has(id) && id !== b);
    // Every documented read, twice, plus a record of every kind: 26 s on PGlite on a quiet machine, so a
    // limit with room for a machine that also runs other suites.
  }, 600_000);
  afterAll(async () => {
    await server?.close();
  });

  const send = ({ operation, token, pathEnvironment, header, pathValues, pick }: Call) => {
    const query = Object.fromEntries(
      operation.queryParameters
        .filter((parameter) => parameter.required || nonNull(parameter.schema).format === 'uuid')
        .map((parameter) => [parameter.name, String(sampleValue(parameter.name, parameter.schema, pick))]),
    );
    return server.api(
      operation.method,
      fillPath(operation.template, { ...pathValues, environmentId: pathEnvironment }),
      {
        token,
        headers: { 'x-environment-id': header },
        query,
        body: operation.body ? sampleObject(operation.body, pick) : undefined,
      },
    );
  };

  /**
   * The first value B's reads show for a parameter (an id of the right kind where the name tells), one
   * that only B shows where there is one: a user who is a member of both is not B's record.
   */
  const pickFrom =
    (harvest: Harvest) =>
    (name: string, schema: JsonSchema): unknown => {
      if (nonNull(schema).format !== 'uuid') return undefined;
      const candidates = candidatesFor(harvest, name, schema);
      return candidates.find((id) => onlyB.includes(id)) ?? candidates[0];
    };

  /** B's path values for an operation: a binding that read a real record, else ids by parameter name. */
  const pathValuesOfB = (operation: Operation): Record<string, string> => {
    const bound = inB.bindings.get(operation.template);
    if (bound) return bound;
    return Object.fromEntries(
      operation.pathParameters.map((parameter) => [
        parameter.name,
        parameter.name === folderPathParameter
          ? ''
          : String(sampleValue(parameter.name, parameter.schema, pickFrom(inB))),
      ]),
    );
  };

  const describeCall = (operation: Operation, response: ApiResponse) =>
    `${operation.method} ${operation.template} → ${response.status} ${response.text.slice(0, 200)}`;

  const leakedIds = (response: ApiResponse) => onlyB.filter((id) => response.text.includes(id));

  it('has records of B to steal: the harvest found ids of every kind', () => {
    const boundReads = operations.filter(
      (operation) => operation.method === 'GET' && operation.pathParameters.length > 1,
    );
    const unbound = boundReads.filter((operation) => !inB.bindings.has(operation.template));
    expect(unbound.map((operation) => operation.template)).toEqual([]);
    expect(onlyB.length).toBeGreaterThan(20);
  });

  it("refuses a non-member who uses B's path, header and ids (403)", async () => {
    for (const operation of operations) {
      const response = await send({
        operation,
        token: bram,
        pathEnvironment: b,
        header: b,
        pathValues: pathValuesOfB(operation),
        pick: pickFrom(inB),
      });
      expect(describeCall(operation, response)).toMatch(/ → 403 /);
    }
  });

  it("refuses B's header on A's path, and A's header on B's path (403)", async () => {
    for (const operation of operations) {
      for (const [pathEnvironment, header] of [
        [a, b],
        [b, a],
      ]) {
        const response = await send({
          operation,
          token: bram,
          pathEnvironment,
          header,
          pathValues: pathValuesOfB(operation),
          pick: pickFrom(inB),
        });
        expect(describeCall(operation, response)).toMatch(/ → 403 /);
      }
    }
  });

  it("answers 404 to a member of A who puts B's record ids into A's paths", async () => {
    const withIds = operations.filter((operation) =>
      operation.pathParameters.some(
        (parameter) => parameter.name !== 'environmentId' && nonNull(parameter.schema).format === 'uuid',
      ),
    );
    expect(withIds.length).toBeGreaterThanOrEqual(30);
    for (const operation of withIds) {
      const response = await send({
        operation,
        token: anne,
        pathEnvironment: a,
        header: a,
        pathValues: pathValuesOfB(operation),
        pick: pickFrom(inB),
      });
      expect(describeCall(operation, response)).toMatch(/ → 404 /);
      expect(leakedIds(response)).toEqual([]);
    }
  });

  it("never answers B's data to a member of A who puts B's ids into A's queries and bodies", async () => {
    const takesIds = (operation: Operation) =>
      operation.queryParameters.some((parameter) => nonNull(parameter.schema).format === 'uuid') ||
      Object.values(operation.body?.properties ?? {}).some((schema) => nonNull(schema).format === 'uuid');
    const cases = operations.filter(takesIds);
    expect(cases.length).toBeGreaterThanOrEqual(4);
    for (const operation of cases) {
      const ownPath = inA.bindings.get(operation.template);
      const response = await send({
        operation,
        token: anne,
        pathEnvironment: a,
        header: a,
        pathValues:
          ownPath ??
          Object.fromEntries(
            operation.pathParameters.map((parameter) => [
              parameter.name,
              String(sampleValue(parameter.name, parameter.schema, pickFrom(inA))),
            ]),
          ),
        pick: pickFrom(inB),
      });
      expect(response.status, describeCall(operation, response)).toBeLessThan(500);
      expect({ call: describeCall(operation, response), leaked: leakedIds(response) }).toMatchObject({
        leaked: [],
      });
      if (operation.method !== 'GET')
        expect(describeCall(operation, response)).toMatch(/ → (400|403|404|409) /);
    }
  });
});

/** Gives B one record of every kind the API has, so the sweep has something of B's to reach for. */
async function giveEveryKindOfRecordTo(server: TestServer, token: Tokens): Promise<void> {
  const inB = (
    method: string,
    path: string,
    options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    server.api(method, path, { token, env: b, ...options }).then((response) => {
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
      return response;
    });
  const { cultuurhuisNewsletter } = publicationIds.types;
  const type = await inB('GET', `/publicationtypes/${cultuurhuisNewsletter}`);
  const groups = (type.body as PublicationType).repeatableGroups;
  const blockType = groups[0].type;
  await inB(
    'POST',
    `/publications/${publicationIds.publications.seasonOpening}/type/${cultuurhuisNewsletter}/${blockType}/dynamic`,
  );
  // A delivery is refused while a required field is empty: fill those of the blocks (the seed's included).
  const blocks = await inB('GET', `/publications/${publicationIds.publications.seasonOpening}/blocks`);
  for (const block of (blocks.body as PublicationBlockPage).data) {
    const fields = groups.find((group) => group.type === block.blockType)?.fields ?? [];
    const content = { ...block.content };
    for (const field of fields.filter((candidate) => candidate.required && !(candidate.name in content))) {
      content[field.name] =
        field.kind === 'dateTime'
          ? '2030-01-15T19:30'
          : field.kind === 'richText'
            ? '<p>Sweep</p>'
            : field.kind === 'link'
              ? { url: 'https://www.voorbeeld.nl/', text: 'Sweep' }
              : 'Sweep';
    }
    await inB('PUT', `/publications/${publicationIds.publications.seasonOpening}/blocks/${block.id}`, {
      body: { content, version: block.version },
    });
  }
  // Personal measuring in B before its job, so per-recipient analytics exist to steal (404 otherwise).
  await inB('PUT', '/measuring', { body: { mode: 'Per persoon gepseudonimiseerd', legalBasis: null } });
  // A journey of B's (the demo seed has none in B), and a request to publish it ('Goedkeuring' for journeys).
  const journey = (await inB('POST', '/journeys', { body: { name: 'Sweep' } })).body as { id: string };
  await inB('PUT', `/journeys/${journey.id}`, {
    body: {
      graph: {
        triggers: [{ kind: 'manual' }],
        start: 'einde',
        steps: [{ id: 'einde', kind: 'end' }],
        settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
      },
    },
  });
  await inB('PUT', '/approval-settings', { body: { minRecipients: null, journeys: true } });
  await inB('POST', `/journeys/${journey.id}/approvalrequests`, { body: {} });
  await inB('PUT', '/approval-settings', { body: { minRecipients: null, journeys: false } });
  await inB('POST', '/deliveryjobs', {
    body: {
      publicationId: publicationIds.publications.seasonOpening,
      title: 'Sweep',
      publicationTemplateId: publicationIds.templates.cultuurhuisStandard,
      audienceId: receiverIds.audiences.subscribedFriends,
    },
  });
  // A test send, so the mail catcher holds a message of B's.
  await inB('POST', `/publications/${publicationIds.publications.seasonOpening}/test-sends`, {
    body: {
      templateId: publicationIds.templates.cultuurhuisStandard,
      addresses: ['sweep-test@voorbeeld.nl'],
    },
  });
  await inB('POST', '/unsubscribers', { query: { email: 'sweep@voorbeeld.nl' } });
  await inB('POST', `/list/manual/${receiverIds.lists.friends}/subscriber`, {
    body: { name: 'Sweep', email: 'sweep-lid@voorbeeld.nl' },
  });
  // An import into the list (multipart), so its status and refused rows are swept too.
  const boundary = 'sweep-import-boundary';
  const fields = { mode: 'add', mapping: '{"0":"name","1":"email"}', consent: 'true' };
  const form =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sweep.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\nnaam;email\nSweep import;sweep-import@voorbeeld.nl\r\n--${boundary}--\r\n`;
  await inB('POST', `/list/manual/${receiverIds.lists.friends}/imports`, {
    body: form,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  await inB('POST', `/audiencelist/${receiverIds.audienceLists.subscribedFriends}/filter`, {
    body: { field: 'name', operator: 'Contains', value: 'e' },
  });
  await inB('POST', `/tags/file/${mediaIds.cultuurhuis.logoFile}`, { query: { tagName: 'Sweep' } });
  const removed = await inB('POST', '/unsubscribers', { query: { email: 'sweep-weg@voorbeeld.nl' } });
  await inB('DELETE', `/unsubscribers/${(removed.body as { id: string }).id}`, { body: { reason: 'Sweep' } });
  // A member only B has (anne is a member of both), a sign-up form, an approval request and an A/B test.
  const member = await server.api('POST', `/api/1/platform/environments/${b}/members`, {
    token,
    body: { email: 'sweep-lid-b@voorbeeld.nl' },
  });
  if (member.status !== 200) throw new Error(`member: ${member.status} ${member.text}`);
  const publicList = (await inB('POST', '/list/manual', { query: { title: 'Sweep openbaar' } })).body as {
    id: string;
  };
  await inB('PUT', `/list/manual/${publicList.id}`, { query: { title: 'Sweep openbaar', isPublic: 'true' } });
  await inB('POST', '/signupforms', {
    body: {
      name: 'Sweep',
      listIds: [publicList.id],
      askedFields: [],
      requiredFields: [],
      consentText: 'Sweep',
      confirmationSubject: 'Sweep',
      confirmationText: 'Sweep',
      confirmedText: 'Sweep',
    },
  });
  const send = {
    publicationId: publicationIds.publications.seasonOpening,
    title: 'Sweep',
    publicationTemplateId: publicationIds.templates.cultuurhuisStandard,
    audienceId: receiverIds.audiences.subscribedFriends,
  };
  await inB('POST', '/approvalrequests', { body: send });
  await inB('POST', '/deliveryjobs', {
    body: {
      ...send,
      abTest: {
        field: 'subject',
        variants: ['Sweep A', 'Sweep B'],
        sharePercent: 50,
        waitHours: 4,
        decideBy: 'manual',
      },
    },
  });
  // A form with a question, an option and an answer (the demo seed has forms in A only).
  const flowId = (await inB('POST', '/flows', { body: { name: 'Sweep' } })).body as string;
  const field = await inB('POST', `/flows/${flowId}/fields`, { body: { label: 'Kom je?', type: 0 } });
  const fieldId = (field.body as { id: string }).id;
  const option = await inB('POST', `/flows/${flowId}/fields/${fieldId}/options`, {
    body: { label: 'Ja', maxAnswers: 0 },
  });
  const answer = await server.api('POST', `/f/${b}/${flowId}`, {
    body: { answers: { [fieldId]: (option.body as { id: string }).id } },
  });
  if (answer.status !== 201) throw new Error(`answer: ${answer.status} ${answer.text}`);
}
