import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxOffset, pageSize } from '../../server/src/contract/paging';
import { fieldLabel } from '../../server/src/contract/fieldLabels';
import { demoUsers, environmentIds, receiverIds } from '../../server/src/seed/ids';
import {
  documentedOperations,
  environmentOperations,
  fillPath,
  isFreeText,
  sampleObject,
  sampleValue,
  type Operation,
} from './support/openApiOperations';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// The contract edge, generated from the OpenAPI document: every text field refuses control characters
// and every paged list bounds offset and limit, with a 400 naming the field (both answered 500 before).

const { zuiderveen } = environmentIds;
const nul = 'a\u0000b';

describe('the contract edge', () => {
  let server: TestServer;
  let anne: Tokens;
  let operations: Operation[];

  beforeAll(async () => {
    // anne administers the platform here, so its routes reach validation instead of answering 403.
    server = await startTestServer({ PLATFORM_ADMINS: 'anne@voorbeeld.nl' });
    anne = await server.signIn(demoUsers.anne.username);
    operations = environmentOperations(await documentedOperations(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Calls an operation in Zuiderveen with valid samples for everything but `query` / `body` overrides. */
  const call = (
    operation: Operation,
    overrides: { query?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) => {
    const pathValues = Object.fromEntries(
      operation.pathParameters.map((parameter) => [
        parameter.name,
        String(sampleValue(parameter.name, parameter.schema)),
      ]),
    );
    pathValues.environmentId = zuiderveen;
    const query: Record<string, string> = {};
    for (const parameter of operation.queryParameters.filter((parameter) => parameter.required))
      query[parameter.name] = String(sampleValue(parameter.name, parameter.schema));
    const body = operation.body ? { ...sampleObject(operation.body), ...overrides.body } : undefined;
    return server.api(operation.method, fillPath(operation.template, pathValues), {
      token: anne,
      env: zuiderveen,
      query: { ...query, ...overrides.query },
      body,
    });
  };

  it('refuses a control character in every free-text query parameter, naming it', async () => {
    const cases = operations.flatMap((operation) =>
      operation.queryParameters
        .filter((parameter) => isFreeText(parameter.schema))
        .map((parameter) => ({ operation, name: parameter.name })),
    );
    expect(cases.length).toBeGreaterThanOrEqual(15);
    for (const { operation, name } of cases) {
      const response = await call(operation, { query: { [name]: nul } });
      expect({ at: `${operation.method} ${operation.template} ${name}`, body: response.body }).toEqual({
        at: `${operation.method} ${operation.template} ${name}`,
        body: { status: 400, message: `${fieldLabel(name)} mag geen stuurtekens bevatten.`, field: name },
      });
    }
  });

  it('refuses a control character in every free-text body field, naming it', async () => {
    const cases = operations.flatMap((operation) =>
      Object.entries(operation.body?.properties ?? {})
        .filter(([, schema]) => isFreeText(schema))
        .map(([name]) => ({ operation, name })),
    );
    expect(cases.length).toBeGreaterThanOrEqual(25);
    for (const { operation, name } of cases) {
      const response = await call(operation, { body: { [name]: nul } });
      expect({ at: `${operation.method} ${operation.template} ${name}`, body: response.body }).toEqual({
        at: `${operation.method} ${operation.template} ${name}`,
        body: { status: 400, message: `${fieldLabel(name)} mag geen stuurtekens bevatten.`, field: name },
      });
    }
  });

  it('answers the cases of the report with 400, not 500', async () => {
    const create = await server.api('POST', '/list/manual', {
      token: anne,
      env: zuiderveen,
      query: { title: nul },
    });
    expect(create.body).toMatchObject({ status: 400, field: 'title' });
    const search = await server.api('GET', '/lists/', {
      token: anne,
      env: zuiderveen,
      query: { search: '\u0000' },
    });
    expect(search.body).toMatchObject({ status: 400, field: 'search' });
    const subscriber = await server.api('POST', `/list/manual/${receiverIds.lists.residents}/subscriber`, {
      token: anne,
      env: zuiderveen,
      body: { name: 'Piet', email: 'piet@voorbeeld.nl', city: 'Zuider\u0000veen' },
    });
    expect(subscriber.body).toMatchObject({ status: 400, field: 'city' });
  });

  it('lets tab and newline through where a text may span lines (the reason of an undone unsubscribe)', async () => {
    const removal = await server.api('DELETE', `/unsubscribers/${crypto.randomUUID()}`, {
      token: anne,
      env: zuiderveen,
      body: { reason: 'Op verzoek\n\tper telefoon' },
    });
    expect(removal.status).toBe(404);
    const withNul = await server.api('DELETE', `/unsubscribers/${crypto.randomUUID()}`, {
      token: anne,
      env: zuiderveen,
      body: { reason: 'Op verzoek\u0000' },
    });
    expect(withNul.body).toMatchObject({ status: 400, field: 'reason' });
  });

  it('bounds offset and limit on every paged list, naming the field', async () => {
    const paged = operations.filter((operation) =>
      operation.queryParameters.some((parameter) => parameter.name === 'offset'),
    );
    expect(paged.length).toBeGreaterThanOrEqual(8);
    for (const operation of paged) {
      for (const offset of [
        '9223372036854775807',
        '1e308',
        '1e400',
        'Infinity',
        '-Infinity',
        String(maxOffset + 1),
        '-1',
      ]) {
        const response = await call(operation, { query: { offset } });
        expect({
          at: `${operation.template} offset=${offset}`,
          status: response.status,
          body: response.body,
        }).toMatchObject({ status: 400, body: { field: 'offset' } });
      }
      const tooLong = await call(operation, { query: { limit: String(pageSize + 1) } });
      expect({ at: operation.template, body: tooLong.body }).toMatchObject({
        body: { status: 400, field: 'limit' },
      });
      const last = await call(operation, { query: { offset: String(maxOffset) } });
      expect({ at: operation.template, status: last.status }).not.toMatchObject({ status: 400 });
      expect(last.status).toBeLessThan(500);
    }
  });

  describe('/oidc, outside the contract', () => {
    it('refuses a control character in a query parameter with a Dutch 400 page', async () => {
      const response = await server.api('GET', '/oidc/auth', {
        query: { client_id: 'dpp-console', response_type: 'code', state: nul },
      });
      expect(response.status).toBe(400);
      expect(response.text).toContain('stuurteken');
    });

    it('refuses a control character in a form body with an OAuth error in Dutch', async () => {
      const response = await server.api('POST', '/oidc/token', {
        body: 'grant_type=authorization_code&code=a%00b&client_id=dpp-console',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: 'invalid_request',
        error_description: expect.stringContaining('stuurteken'),
      });
    });

    it('still signs in and refreshes (the form bodies the provider now receives read)', async () => {
      const tokens = await server.signIn(demoUsers.bram.username);
      expect(tokens.refreshToken).toBeTruthy();
      const refreshed = await server.refresh(tokens.refreshToken ?? '');
      expect(refreshed.accessToken).toBeTruthy();
    });
  });
});
