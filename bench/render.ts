// `npm run bench:render`: renders a 30-block publication through each template of its type through the API
// (GET /publications/{id}/render as the console's browser asks it: sign-in check, database reads, ETag,
// render or 304) and through the render function alone (no database, no HTTP), interleaved, and prints per
// template the API's p50 against the function's, cold (one block saved before every API render, as an
// editor's save does, so the API renders that block anew and takes the other blocks' parts it kept; the
// compiled layout thrown away before every render) and cached (nothing changed), in wall time and in this
// process's CPU time. Starts
// the real server in this process (temporary data directory; PGlite, or a fresh PostgreSQL database next
// to TEST_DATABASE_URL when set), so that the bench can empty the server's caches. Options: BENCH_COLD
// (rounds per template, default 40), BENCH_CACHED (default 200). Short mode (shortMode.ts): 5 blocks, 3
// cold and 5 cached rounds.
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'node:https';
import os from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PublicationBlock, PublicationType } from '../server/src/contract/publications';
import { clearCompiledLayouts } from '../server/src/rendering/compiledLayout';
import { layoutNames, type LayoutName } from '../server/src/rendering/layouts';
import { renderPublication, type RenderBlock } from '../server/src/rendering/renderPublication';
import { themeStyle } from '../server/src/rendering/themeStyle';
import { environmentIds, mediaIds, publicationIds } from '../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from '../tests/server/support/testServer';
import { benchSetting, benchSize } from './shortMode';
import { reportRows } from './table';

const coldRenders = benchSetting('BENCH_COLD', 40, 3);
const cachedRenders = benchSetting('BENCH_CACHED', 200, 5);
const blockCount = benchSize(30, 5);
const env = environmentIds.zuiderveen;

const paragraph =
  '<p>Beste {{firstName|inwoner}}, in Zuiderveen gebeurt veel. De gemeenteraad besprak deze maand de ' +
  'plannen voor het <strong>Stationsgebied</strong>, de nieuwe fietsroute langs de haven en de ' +
  'verduurzaming van de sporthal. <a href="https://www.zuiderveen.nl/nieuws">Lees meer op de website</a>.</p>';

/** Content per repeatable group, cycled over the 30 blocks. */
const newsletterBlocks: ReadonlyArray<[string, Record<string, unknown>]> = [
  [
    'artikel',
    {
      title: 'Nieuws uit de gemeenteraad',
      text: paragraph + '<ul><li>Stationsgebied</li><li>Fietsroute</li><li>Sporthal</li></ul>',
      image: { fileId: mediaIds.zuiderveen.marketFile, alt: 'Het marktplein' },
      link: { url: 'https://www.zuiderveen.nl/raad', text: 'Naar de raadsinformatie' },
    },
  ],
  [
    'agendaitem',
    { title: 'Inloopavond', startsAt: '2025-03-12T19:30', location: 'Raadhuis', text: paragraph },
  ],
  ['tekst', { text: paragraph + paragraph }],
];

const invitationBlocks: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['programmaonderdeel', { title: 'Ontvangst', startsAt: '2025-03-12T19:00', text: paragraph }],
  [
    'spreker',
    {
      title: 'Wethouder De Boer',
      image: { fileId: mediaIds.zuiderveen.summerFile, alt: 'Portret' },
      text: paragraph,
    },
  ],
  [
    'locatie',
    {
      title: 'Locatie',
      location: 'Wijkcentrum De Spoorlijn',
      text: paragraph,
      link: { url: 'https://www.openstreetmap.org', text: 'Route' },
    },
  ],
];

interface Series {
  p50: number;
  p95: number;
  /** The CPU time of this process (server, client and PGlite; not PostgreSQL's) a render, p50. */
  cpuP50: number;
}

interface Row {
  template: string;
  layout: LayoutName;
  api: { cold: Series; cached: Series };
  fn: { cold: Series; cached: Series };
  bytes: number;
}

interface Sample {
  ms: number;
  cpuMs: number;
}

/** One way to render: the time it took, the CPU time it took and the HTML's size. */
type RenderOnce = (cold: boolean) => Promise<Sample & { bytes: number }>;

/** The CPU time of this process since `start` (process.cpuUsage), in ms. */
function cpuMs(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

async function main(): Promise<void> {
  const server = await startTestServer({ LOG_LEVEL: 'warn' });
  const client = apiClient(server);
  try {
    const token = await server.signIn('anne@voorbeeld.nl');
    const rows: Row[] = [];
    for (const [typeId, blocks] of [
      [publicationIds.types.zuiderveenNewsletter, newsletterBlocks],
      [publicationIds.types.zuiderveenInvitation, invitationBlocks],
    ] as const) {
      const type = (await call<PublicationType>(server, token, 'GET', `/publicationtypes/${typeId}`)).body;
      const publication = await publicationWithBlocks(server, token, type, blocks);
      for (const template of type.templates) {
        const layout = layoutNames.find((name) => name === template.name.toLowerCase());
        if (!layout) throw new Error(`No layout named like the template ${template.name}`);
        const api = apiRender(client, token, publication, template.id);
        const fn = functionRender(type, blocks, layout, server.config.publicUrl);
        rows.push({ template: template.name, layout, ...(await measurePair(api, fn)) });
      }
    }
    printTable(rows);
    console.log();
    reportRows(
      rows.flatMap(({ template, api, fn }) => [
        { measure: `render API, ${template}: cold p50`, value: api.cold.p50, unit: 'ms' },
        { measure: `render API, ${template}: cached p50`, value: api.cached.p50, unit: 'ms' },
        { measure: `render function, ${template}: cold p50`, value: fn.cold.p50, unit: 'ms' },
        { measure: `render function, ${template}: cached p50`, value: fn.cached.p50, unit: 'ms' },
        {
          measure: `render API / function, ${template}: cold p50`,
          value: api.cold.p50 / fn.cold.p50,
          unit: '×',
          against: { reference: 'renderPublication alone', atMost: 1.5 },
        },
        {
          measure: `render API / function, ${template}: cached p50`,
          value: api.cached.p50 / fn.cached.p50,
          unit: '×',
          against: { reference: 'renderPublication alone', atMost: 2 },
        },
        {
          measure: `render API / function, ${template}: cached CPU p50`,
          value: api.cached.cpuP50 / fn.cached.cpuP50,
          unit: '×',
        },
        {
          measure: `render API / function, ${template}: cold CPU p50`,
          value: api.cold.cpuP50 / fn.cold.cpuP50,
          unit: '×',
        },
      ]),
    );
  } finally {
    client.close();
    await server.close();
  }
}

/** The bench's publication: its id, and a save of one of its blocks as an editor's (untimed). */
interface BenchPublication {
  id: string;
  /** Saves block `index % blockCount` with its text changed, `edit` naming the change. */
  saveBlock(index: number, edit: number): Promise<void>;
}

async function publicationWithBlocks(
  server: TestServer,
  token: Tokens,
  type: PublicationType,
  blocks: ReadonlyArray<[string, Record<string, unknown>]>,
): Promise<BenchPublication> {
  const created = await call<string>(server, token, 'POST', '/publications/', {
    name: `Bench ${type.name}`,
    publicationTypeId: type.id,
  });
  const publicationId = created.body;
  const saved: Array<{ id: string; version: number; content: Record<string, unknown> }> = [];
  for (let index = 0; index < blockCount; index += 1) {
    const [blockType, content] = blocks[index % blocks.length];
    const block = (
      await call<PublicationBlock>(
        server,
        token,
        'POST',
        `/publications/${publicationId}/type/${type.id}/${blockType}/dynamic`,
      )
    ).body;
    saved.push(
      await saveBlock(server, token, publicationId, { id: block.id, version: block.version, content }),
    );
  }
  return {
    id: publicationId,
    async saveBlock(index, edit) {
      const block = saved[index % saved.length];
      const text = `${String(block.content.text)}<p>Bewerking ${edit}</p>`;
      saved[index % saved.length] = {
        ...(await saveBlock(server, token, publicationId, { ...block, content: { ...block.content, text } })),
        content: block.content,
      };
    },
  };
}

/** PUT /publications/{id}/blocks/{blockId}: the block with its new version. */
async function saveBlock(
  server: TestServer,
  token: Tokens,
  publicationId: string,
  block: { id: string; version: number; content: Record<string, unknown> },
): Promise<{ id: string; version: number; content: Record<string, unknown> }> {
  const saved = await call<PublicationBlock>(
    server,
    token,
    'PUT',
    `/publications/${publicationId}/blocks/${block.id}`,
    {
      content: block.content,
      version: block.version,
    },
  );
  if (saved.status !== 200) throw new Error(`Saving a block failed: ${saved.text}`);
  return { ...block, version: saved.body.version };
}

/**
 * GET /publications/{id}/render as the console's browser sends it: one kept-alive connection, brotli or
 * gzip accepted, and the ETag of the last answer in If-None-Match (the browser's cache revalidates,
 * `Cache-Control: no-cache`); a 304 shows the copy from the last 200. Cold: as after an editor's save, one
 * block's text is changed first (the next block each time; untimed), and the server's compiled layouts
 * are emptied, so the server reads the publication, compiles the layout and renders anew.
 */
function apiRender(
  client: ApiClient,
  token: Tokens,
  publication: BenchPublication,
  templateId: string,
): RenderOnce {
  const path = `/api/1/${env}/publications/${publication.id}/render?templateId=${templateId}`;
  let last: { etag: string; html: string } | undefined;
  let edits = 0;
  return async (cold) => {
    if (cold) {
      await publication.saveBlock(edits, edits);
      edits += 1;
      clearCompiledLayouts();
    }
    const etag = last?.etag;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const response = await client.get(path, {
      authorization: `Bearer ${token.accessToken}`,
      'x-environment-id': env,
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
      ...(etag ? { 'if-none-match': etag } : {}),
    });
    let html: string;
    if (response.status === 304 && last) html = last.html;
    else if (response.status === 200) {
      html = (JSON.parse(response.body) as { html: string }).html;
      const answered = response.headers.etag;
      last = typeof answered === 'string' ? { etag: answered, html } : undefined;
    } else throw new Error(`Render failed: ${response.status} ${response.body}`);
    return { ms: performance.now() - started, cpuMs: cpuMs(cpu), bytes: Buffer.byteLength(html) };
  };
}

/** renderPublication alone (no database, no HTTP); cold: the compiled layout thrown away first. */
function functionRender(
  type: PublicationType,
  blocks: ReadonlyArray<[string, Record<string, unknown>]>,
  layout: LayoutName,
  publicUrl: string,
): RenderOnce {
  const groups = new Map(type.repeatableGroups.map((group) => [group.type, group.fields]));
  const renderBlocks: RenderBlock[] = Array.from({ length: blockCount }, (_, index) => {
    const [blockType, content] = blocks[index % blocks.length];
    return { fields: groups.get(blockType) ?? [], content: content as RenderBlock['content'] };
  });
  return async (cold) => {
    if (cold) clearCompiledLayouts();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { html } = await renderPublication({
      layout,
      style: themeStyle({
        name: 'Zuiderveen',
        primaryColor: '#1f5fa8',
        logoUrl: `${publicUrl}/cdn/logo.png`,
      }),
      title: 'Bench',
      environmentName: 'Gemeente Zuiderveen',
      blocks: renderBlocks,
      unsubscribeLink: true,
      webVersionLink: true,
      image: (fileId, size) => ({
        url: `${publicUrl}/cdn/${env}/${fileId}.jpg?w=${size.width}`,
        name: 'foto',
      }),
    });
    return { ms: performance.now() - started, cpuMs: cpuMs(cpu), bytes: Buffer.byteLength(html) };
  };
}

/**
 * The API and the function measured interleaved (one API render, then one function render, the order
 * swapped every round), so that the machine's load at any moment weighs on both alike: first the cold
 * rounds, then the cached ones.
 */
async function measurePair(api: RenderOnce, fn: RenderOnce): Promise<Pick<Row, 'api' | 'fn' | 'bytes'>> {
  for (let index = 0; index < 5; index += 1) {
    await api(false); // JIT, connection and caches warm up first
    await fn(false);
  }
  const samples = {
    api: { cold: [] as Sample[], cached: [] as Sample[] },
    fn: { cold: [] as Sample[], cached: [] as Sample[] },
  };
  let bytes = 0;
  for (const [kind, rounds] of [
    ['cold', coldRenders],
    ['cached', cachedRenders],
  ] as const) {
    if (kind === 'cached') await api(false); // the render the cached ones then find unchanged
    for (let index = 0; index < rounds; index += 1) {
      const order = index % 2 === 0 ? (['api', 'fn'] as const) : (['fn', 'api'] as const);
      for (const via of order) {
        const result = await (via === 'api' ? api : fn)(kind === 'cold');
        samples[via][kind].push(result);
        if (via === 'api') bytes = result.bytes;
      }
    }
  }
  return {
    api: { cold: percentiles(samples.api.cold), cached: percentiles(samples.api.cached) },
    fn: { cold: percentiles(samples.fn.cold), cached: percentiles(samples.fn.cached) },
    bytes,
  };
}

function percentiles(samples: readonly Sample[]): Series {
  const at = (values: number[], fraction: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  };
  const ms = samples.map((sample) => sample.ms);
  return {
    p50: at(ms, 0.5),
    p95: at(ms, 0.95),
    cpuP50: at(
      samples.map((sample) => sample.cpuMs),
      0.5,
    ),
  };
}

function call<T = unknown>(
  server: TestServer,
  token: Tokens,
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) {
  return server.api<T>(method, path, { token, env, body, query });
}

function printTable(rows: readonly Row[]): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const ratio = (api: number, fn: number) => `${(api / fn).toFixed(2)}×`;
  console.log(
    `\n${blockCount} blocks; ${coldRenders} cold and ${cachedRenders} cached renders per row, API and function ` +
      `interleaved; ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}; ` +
      `load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
  );
  console.log(
    '| template (layout) | cached: API / function p50 | ratio | CPU ratio | cold: API / function p50 | ratio | CPU ratio | HTML |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { template, layout, api, fn, bytes } of rows) {
    console.log(
      `| ${template} (\`${layout}\`) | ${ms(api.cached.p50)} / ${ms(fn.cached.p50)} | ${ratio(api.cached.p50, fn.cached.p50)} | ` +
        `${ratio(api.cached.cpuP50, fn.cached.cpuP50)} | ${ms(api.cold.p50)} / ${ms(fn.cold.p50)} | ` +
        `${ratio(api.cold.p50, fn.cold.p50)} | ${ratio(api.cold.cpuP50, fn.cold.cpuP50)} | ${(bytes / 1024).toFixed(1)} KB |`,
    );
  }
  console.log(
    '\nratio: API p50 / function p50 (wall time); CPU ratio: the same for the CPU time this process spent a render ' +
      '(server, client and PGlite), which the load of other processes does not inflate.',
  );
}

interface ApiClient {
  get(
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>;
  close(): void;
}

/** HTTPS on one kept-alive connection, decoding brotli and gzip as a browser does. */
function apiClient(server: TestServer): ApiClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: server.certificatePem });
  return {
    get: (path, headers) =>
      new Promise((resolve, reject) => {
        const req = request(new URL(path, server.url), { method: 'GET', headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const decoded =
              encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: decoded.toString('utf8') });
          });
        });
        req.on('error', reject);
        req.end();
      }),
    close: () => agent.destroy(),
  };
}

await main();
