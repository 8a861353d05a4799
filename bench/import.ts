// `npm run bench:import`: a CSV import of IMPORT_BENCH_ROWS rows (default 100,000, short mode 500;
// realistic Dutch names and addresses, 5 % bad rows, 2 % duplicate addresses) into a new list, end to end:
// from the start of the upload until the import reports 'Voltooid'. Prints rows per second and the
// server's peak RSS (VmHWM), on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database
// next to it.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ListImport } from '../server/src/contract/listImports';
import type { ReceiverList } from '../server/src/contract/receivers';
import { demoUsers, environmentIds } from '../server/src/seed/ids';
import { httpsRequest } from '../tests/server/support/https';
import { authHeaders, rawRequest } from '../tests/server/support/mediaRequests';
import { signInWithCode } from '../tests/server/support/signIn';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess, type BenchServer } from './benchServer';
import { benchSetting } from './shortMode';
import { reportRows, type BenchRow } from './table';

const env = environmentIds.zuiderveen;
const rows = benchSetting('IMPORT_BENCH_ROWS', 100_000, 500);

const firstNames = [
  'Jan',
  'Anna',
  'Pieter',
  'Sanne',
  'Daan',
  'Emma',
  'Lucas',
  'Julia',
  'Sem',
  'Zoë',
  'René',
  'Fleur',
];
const lastNames = [
  'de Vries',
  'Jansen',
  'van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'Brouwer',
];
const streets = ['Kerkstraat', 'Dorpsstraat', 'Stationsweg', 'Molenweg', 'Schoolstraat', 'Julianalaan'];
const cities = ['Zuiderveen', 'Amsterdam', 'Utrecht', 'Groningen', 'Zwolle', 'Eindhoven'];

/** The file: 5 % of rows refused (bad address or no name), 2 % repeating an earlier address. */
function generateCsv(count: number): Buffer {
  const lines = ['Naam;E-mailadres;Straat;Postcode;Woonplaats;Telefoon'];
  let previousEmail = '';
  for (let index = 0; index < count; index += 1) {
    const first = firstNames[index % firstNames.length];
    const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length];
    let email = `${first.toLowerCase().replace('ë', 'e').replace('é', 'e')}.${index}@voorbeeld.nl`;
    let name = `${first} ${last}`;
    if (index % 40 === 7) email = `geen-adres-${index}`;
    else if (index % 40 === 27) name = '';
    else if (index % 50 === 3) email = previousEmail;
    previousEmail = email;
    const street = `${streets[index % streets.length]} ${1 + (index % 180)}`;
    const postcode = `${1000 + (index % 8999)} ${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + ((index * 7) % 26))}`;
    lines.push(
      [
        name,
        email,
        street,
        postcode,
        cities[index % cities.length],
        `06${String(10000000 + index).slice(-8)}`,
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

interface Measured {
  /** The row of the printed table. */
  line: string;
  figures: BenchRow[];
}

async function measure(label: string, server: BenchServer, file: Buffer): Promise<Measured> {
  const info = JSON.parse(
    (await httpsRequest({ method: 'GET', url: `${server.url}/api/1/environment/info`, ca: server.ca })).text,
  ) as { clientId: string; authority: string; apiScope: string };
  const { accessToken } = await signInWithCode(
    { url: server.url, ca: server.ca, ...info },
    demoUsers.anne.username,
  );
  const call = async <T>(method: string, path: string) =>
    JSON.parse(
      (
        await httpsRequest({
          method,
          url: `${server.url}/api/1/${env}${path}`,
          ca: server.ca,
          headers: { ...authHeaders(accessToken, env), accept: 'application/json' },
        })
      ).text,
    ) as T;
  const list = await call<ReceiverList>(
    'POST',
    `/list/manual?title=Bench%20${randomBytes(3).toString('hex')}`,
  );
  const boundary = `bench-${randomBytes(8).toString('hex')}`;
  const fields = {
    mode: 'addAndUpdate',
    consent: 'true',
    mapping: '{"0":"name","1":"email","2":"address","3":"postalCode","4":"city","5":"phoneNumber"}',
  };
  const body = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const residentKb = await memoryKb(server.pid, 'VmRSS');
  const cpuBefore = await cpuSeconds(server.pid);
  const started = performance.now();
  const response = await rawRequest({
    method: 'POST',
    origin: server.url,
    path: `/api/1/${env}/list/manual/${list.id}/imports`,
    headers: {
      ...authHeaders(accessToken, env),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    ca: server.ca,
  });
  if (response.status !== 202) throw new Error(`upload: ${response.status} ${response.body.toString()}`);
  const importId = (JSON.parse(response.body.toString()) as ListImport).id;
  let status: ListImport;
  for (;;) {
    status = await call<ListImport>('GET', `/list/manual/${list.id}/imports/${importId}`);
    if (status.status !== 'Bezig') break;
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  const peakKb = await memoryKb(server.pid, 'VmHWM');
  const serverCpu = (await cpuSeconds(server.pid)) - cpuBefore;
  if (status.status !== 'Voltooid') throw new Error(`import ended ${status.status}: ${status.error}`);
  const counts = `added ${status.added}, updated ${status.updated}, duplicates ${status.skippedDuplicate}, refused ${status.refused}`;
  return {
    line: `| ${label} | ${rows.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${Math.round(rows / seconds).toLocaleString('en')} | ${serverCpu.toFixed(1)} s | ${Math.round(peakKb / 1024)} MB (${Math.round(residentKb / 1024)} MB before) | ${counts} | ${loadavg()[0].toFixed(2)} |`,
    figures: [
      { measure: `import ${rows} rows, ${label}: upload → done`, value: rows / seconds, unit: 'rows/s' },
      { measure: `import ${rows} rows, ${label}: server peak RSS`, value: peakKb / 1024, unit: 'MB' },
    ],
  };
}

/** A memory figure of a process from /proc (VmRSS now, VmHWM the peak so far), in kB. */
async function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/** CPU time (user + system) the server process has used, in seconds (Linux clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  const file = generateCsv(rows);
  console.log(
    `\nImport benchmark, ${new Date().toISOString().slice(0, 10)}: ${rows} rows, ${(file.length / 1e6).toFixed(1)} MB\n`,
  );
  const results: Measured[] = [];
  // IMPORT_BENCH_DATABASES=postgres measures PostgreSQL alone (when tuning it).
  const databases = (process.env.IMPORT_BENCH_DATABASES ?? 'pglite,postgres').split(',');
  if (databases.includes('pglite')) {
    const pglite = await startServerProcess(undefined);
    try {
      results.push(await measure('PGlite', pglite, file));
    } finally {
      await pglite.stop();
    }
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl && databases.includes('postgres')) {
    const database = await createTestDatabase(adminUrl);
    const server = await startServerProcess(database);
    try {
      results.push(await measure('PostgreSQL', server, file));
    } finally {
      await server.stop();
      await database.drop();
    }
  }
  console.log(
    '| database | rows | upload → done | rows/s | server CPU | server peak RSS | result | load (1 min) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { line } of results) console.log(line);
  console.log();
  reportRows(results.flatMap(({ figures }) => figures));
}

await main();
