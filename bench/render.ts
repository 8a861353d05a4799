// `npm run bench:render`: renders a 30-block publication through each template of its type, cold (the
// compiled MJML layout thrown away before every render) and cached, through the API
// (GET /publications/{id}/render: sign-in check, database reads, render, JSON) and through the render
// function alone (no database, no HTTP). Starts the real server in this process (temporary data directory;
// PGlite, or a fresh PostgreSQL database next to DATABASE_URL when set), so that the bench can empty the
// server's compiled-layout cache. Options: BENCH_COLD (renders per template, default 40),
// BENCH_CACHED (default 200). Short mode (shortMode.ts): 5 blocks, 3 cold and 5 cached renders.
import os from 'node:os';
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

interface Row {
  template: string;
  via: string;
  cold: { p50: number; p95: number };
  cached: { p50: number; p95: number };
  bytes: number;
}

async function main(): Promise<void> {
  const server = await startTestServer({ LOG_LEVEL: 'warn' });
  try {
    const token = await server.signIn('anne@voorbeeld.nl');
    const rows: Row[] = [];
    const types = new Map<string, PublicationType>();
    for (const [typeId, blocks] of [
      [publicationIds.types.zuiderveenNewsletter, newsletterBlocks],
      [publicationIds.types.zuiderveenInvitation, invitationBlocks],
    ] as const) {
      const type = (await call<PublicationType>(server, token, 'GET', `/publicationtypes/${typeId}`)).body;
      types.set(typeId, type);
      const publicationId = await publicationWithBlocks(server, token, type, blocks);
      for (const template of type.templates)
        rows.push(await measureApi(server, token, publicationId, template));
    }
    for (const layout of layoutNames) {
      const invitation = layout === 'uitnodiging';
      const type = types.get(
        invitation ? publicationIds.types.zuiderveenInvitation : publicationIds.types.zuiderveenNewsletter,
      ) as PublicationType;
      rows.push(
        await measureFunction(
          type,
          invitation ? invitationBlocks : newsletterBlocks,
          layout,
          server.config.publicUrl,
        ),
      );
    }
    printTable(rows);
    console.log();
    reportRows(
      rows.flatMap(({ template, via, cold, cached }) => [
        { measure: `render ${via}, ${template}: cold p50`, value: cold.p50, unit: 'ms' },
        { measure: `render ${via}, ${template}: cached p50`, value: cached.p50, unit: 'ms' },
      ]),
    );
  } finally {
    await server.close();
  }
}

async function publicationWithBlocks(
  server: TestServer,
  token: Tokens,
  type: PublicationType,
  blocks: ReadonlyArray<[string, Record<string, unknown>]>,
): Promise<string> {
  const created = await call<string>(server, token, 'POST', '/publications/', {
    name: `Bench ${type.name}`,
    publicationTypeId: type.id,
  });
  const publicationId = created.body;
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
    const saved = await call(server, token, 'PUT', `/publications/${publicationId}/blocks/${block.id}`, {
      content,
      version: block.version,
    });
    if (saved.status !== 200) throw new Error(`Saving a ${blockType} block failed: ${saved.text}`);
  }
  return publicationId;
}

async function measureApi(
  server: TestServer,
  token: Tokens,
  publicationId: string,
  template: { id: string; name: string },
): Promise<Row> {
  const renderOnce = async () => {
    const started = performance.now();
    const response = await call<{ html: string }>(
      server,
      token,
      'GET',
      `/publications/${publicationId}/render`,
      undefined,
      { templateId: template.id },
    );
    if (response.status !== 200) throw new Error(`Render failed: ${response.text}`);
    return { ms: performance.now() - started, bytes: Buffer.byteLength(response.body.html) };
  };
  return measure(`${template.name} (${publicationId.slice(0, 8)})`, 'API', renderOnce);
}

async function measureFunction(
  type: PublicationType,
  blocks: ReadonlyArray<[string, Record<string, unknown>]>,
  layout: LayoutName,
  publicUrl: string,
): Promise<Row> {
  const groups = new Map(type.repeatableGroups.map((group) => [group.type, group.fields]));
  const renderBlocks: RenderBlock[] = Array.from({ length: blockCount }, (_, index) => {
    const [blockType, content] = blocks[index % blocks.length];
    return { fields: groups.get(blockType) ?? [], content: content as RenderBlock['content'] };
  });
  const renderOnce = async () => {
    const started = performance.now();
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
    return { ms: performance.now() - started, bytes: Buffer.byteLength(html) };
  };
  return measure(`layout ${layout}`, 'function', renderOnce);
}

async function measure(
  template: string,
  via: string,
  renderOnce: () => Promise<{ ms: number; bytes: number }>,
): Promise<Row> {
  for (let index = 0; index < 5; index += 1) await renderOnce(); // JIT and connections warm up first
  const cold: number[] = [];
  for (let index = 0; index < coldRenders; index += 1) {
    clearCompiledLayouts();
    cold.push((await renderOnce()).ms);
  }
  const cached: number[] = [];
  let bytes = 0;
  for (let index = 0; index < cachedRenders; index += 1) {
    const result = await renderOnce();
    cached.push(result.ms);
    bytes = result.bytes;
  }
  return { template, via, cold: percentiles(cold), cached: percentiles(cached), bytes };
}

function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
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
  const ms = (value: number) => value.toFixed(1).padStart(6);
  console.log(
    `\n${blockCount} blocks; ${coldRenders} cold and ${cachedRenders} cached renders per row; ` +
      `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}; ` +
      `load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
  );
  console.log('| template | via | cold p50 | cold p95 | cached p50 | cached p95 | HTML size |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.template} | ${row.via} | ${ms(row.cold.p50)} ms | ${ms(row.cold.p95)} ms | ` +
        `${ms(row.cached.p50)} ms | ${ms(row.cached.p95)} ms | ${(row.bytes / 1024).toFixed(1)} KB |`,
    );
  }
}

await main();
