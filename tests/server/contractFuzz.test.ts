import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { generateRequests, sendRequests, type FuzzTarget } from './support/contractFuzz';
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

describe('contract fuzzing', () => {
  let server: TestServer;
  let target: FuzzTarget;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'fatal' });
    const anne = await server.signIn(demoUsers.anne.username);
    // The image CDN and multipart uploads have their own tests (media.test.ts and the CDN's).
    const operations = (await documentedOperations(server)).filter(
      (operation) => !operation.template.startsWith('/cdn/'),
    );
    const environmentId = environmentIds.zuiderveen;
    target = {
      operations: [...operations, ...providerOperations],
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
});
