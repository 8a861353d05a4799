import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, environmentIds, formIds, publicationIds } from '../../server/src/seed/ids';
import {
  deeplyNestedBodies,
  fuzzContentTypes,
  generateRequests,
  send,
  sendRequests,
  type FuzzTarget,
} from './support/contractFuzz';
import { documentedOperations, type Operation } from './support/openApiOperations';
import { harvestEnvironment } from './support/recordHarvest';
import { startTestServer, type TestServer } from './support/testServer';

// Contract fuzzing: requests generated from the OpenAPI document's schemas, mostly wrong on purpose,
// must never answer 5xx. The suite sends a bounded, reproducible run; `npm run fuzz` a longer one
// (FUZZ_RUNS requests, FUZZ_SEED to repeat a run; the seed is printed).

const runs = Number(process.env.FUZZ_RUNS ?? 2000);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);

/** The embedded sign-in is outside the contract, but takes the same kind of input. */
const providerOperations: Operation[] = [
  {
    method: 'GET',
    template: '/oidc/auth',
    pathParameters: [],
    queryParameters: [
      'client_id',
      'response_type',
      'redirect_uri',
      'scope',
      'state',
      'nonce',
      'code_challenge',
    ].map((name) => ({ name, required: false, schema: { type: 'string' } })),
  },
  { method: 'POST', template: '/oidc/token', pathParameters: [], queryParameters: [] },
];

const text = { type: 'string' } as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const pathParameter = (name: string, schema: { type: 'string'; format?: 'uuid' } = text) => ({
  name,
  required: true,
  schema,
});

/** Public pages that take a POST outside the document (hidden routes): the RSVP answer and unsubscribe. */
const hiddenPublicPosts: Operation[] = [
  {
    method: 'POST',
    template: '/r/{environmentId}/{publicationId}/{token}',
    pathParameters: [
      pathParameter('environmentId', uuid),
      pathParameter('publicationId', uuid),
      pathParameter('token'),
    ],
    queryParameters: [],
  },
  { method: 'POST', template: '/u/{token}', pathParameters: [pathParameter('token')], queryParameters: [] },
];

/** Paths no route answers, with and without a body. */
const unknownPathOperations: Operation[] = ['POST', 'GET', 'PUT', 'DELETE'].flatMap((method) => [
  { method, template: '/bestaat-niet/{rest}', pathParameters: [pathParameter('rest')], queryParameters: [] },
  {
    method,
    template: '/api/1/{environmentId}/bestaat-niet',
    pathParameters: [pathParameter('environmentId', uuid)],
    queryParameters: [],
  },
  { method, template: '/api/2/{rest}', pathParameters: [pathParameter('rest')], queryParameters: [] },
]);

describe('contract fuzzing', () => {
  let server: TestServer;
  let target: FuzzTarget;

  beforeAll(async () => {
    // Paths no route answers are limited per address (tests/server/hostileRequests.test.ts); here every
    // one of them is answered, so that what they carry is fuzzed too.
    // TRUST_PROXY: the sweep of content types below comes from many addresses (X-Forwarded-For), so that
    // the public pages' own rate limits do not answer for them.
    server = await startTestServer({
      LOG_LEVEL: 'fatal',
      UNKNOWN_PATH_RATE_LIMIT: '1000000',
      TRUST_PROXY: 'on',
    });
    const anne = await server.signIn(demoUsers.anne.username);
    // The image CDN and multipart uploads have their own tests (media.test.ts and the CDN's).
    const operations = (await documentedOperations(server)).filter(
      (operation) => !operation.template.startsWith('/cdn/'),
    );
    const environmentId = environmentIds.zuiderveen;
    target = {
      operations: [...operations, ...providerOperations, ...hiddenPublicPosts, ...unknownPathOperations],
      harvest: await harvestEnvironment(server, anne, environmentId, operations),
      environmentId,
      accessToken: anne.accessToken,
    };
    // Start, sign-in and the harvest of every list took over 120 s on PGlite at load 15 on two cores.
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it(
    `answers ${runs} generated requests without a single 5xx (seed ${seed})`,
    async () => {
      console.info(`contract fuzzing: ${runs} requests, FUZZ_SEED=${seed}`);
      const { findings, statuses } = await sendRequests(server, generateRequests(target, runs, seed));
      console.info(`answers by status: ${JSON.stringify(statuses)}`);
      // Some generated requests are valid enough to reach the handlers and the database.
      expect(Object.keys(statuses).some((status) => Number(status) < 300)).toBe(true);
      expect(findings).toEqual([]);
    },
    60_000 + runs * 200,
  );

  it('answers every content type on every public POST, and deeply nested JSON, with a 4xx', async () => {
    const env = environmentIds.zuiderveen;
    const publicPosts = [
      `/f/${env}/${formIds.playgroundEvening}`,
      `/r/${env}/${publicationIds.publications.residentsEvening}/geen-geldige-link`,
      '/u/geen-geldige-link',
      // A fresh form id each time: one form takes 60 sign-ups a minute from all addresses together.
      `/s/${env}/{fresh}`,
      `/s/${env}/{fresh}/bevestigen/geen-geldige-link`,
      `/v/${env}/lijsten?k=geen-geldige-link`,
      `/v/${env}/afmelden?k=geen-geldige-link`,
      `/v/${env}/opnieuw-aanmelden?k=geen-geldige-link`,
      `/v/${env}/bevestigen/geen-geldige-link`,
      '/oidc/token',
    ];
    // The document's public POSTs are all in the list above.
    const documented = target.operations.filter(
      (operation) => operation.public && operation.method === 'POST',
    );
    expect(documented.map((operation) => operation.template)).toEqual([
      '/f/{environmentId}/{flowId}',
      '/s/{environmentId}/{signUpFormId}',
      '/s/{environmentId}/{signUpFormId}/bevestigen/{token}',
      '/v/{environmentId}/lijsten',
      '/v/{environmentId}/afmelden',
      '/v/{environmentId}/opnieuw-aanmelden',
      '/v/{environmentId}/bevestigen/{token}',
    ]);
    const answers: Array<{ path: string; contentType: string; body: string; status: number }> = [];
    for (const path of publicPosts) {
      for (const contentType of fuzzContentTypes) {
        for (const body of ['x', '{"answers":', deeplyNestedBodies[0]!]) {
          const headers: Record<string, string> = {
            'content-length': String(Buffer.byteLength(body)),
            'x-forwarded-for': `10.37.${Math.floor(answers.length / 250)}.${(answers.length % 250) + 1}`,
          };
          if (contentType) headers['content-type'] = contentType;
          const { status } = await send(server, {
            method: 'POST',
            path: path.replace('{fresh}', randomUUID()),
            headers,
            body,
          });
          answers.push({ path, contentType, body: body.slice(0, 12), status });
        }
      }
    }
    expect(answers.filter(({ status }) => status < 400 || status >= 500)).toEqual([]);
    // Each was answered for what it is, not by a rate limit.
    expect(answers.filter(({ status }) => status === 429)).toEqual([]);
  }, 120_000);
});
