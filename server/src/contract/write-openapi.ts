// `npm run openapi`: writes the OpenAPI document of the routes to docs/api/openapi.json, and the table
// of operations per role into docs/administration/roles-approval-log.md.
// Builds the real app on a throw-away data directory (embedded database and provider), so the document
// never depends on the caller's environment variables.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { formatOpenApiDocument } from '../openapi';
import { withOperationRolesTable } from './operationRolesTable';

export const openApiFile = fileURLToPath(new URL('../../../docs/api/openapi.json', import.meta.url));
export const rolesDocumentFile = fileURLToPath(
  new URL('../../../docs/administration/roles-approval-log.md', import.meta.url),
);

async function writeOpenApi(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'none'),
    });
    const { app } = await buildApp(config);
    try {
      await app.ready();
      await mkdir(path.dirname(openApiFile), { recursive: true });
      await writeFile(openApiFile, formatOpenApiDocument(app.swagger()));
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`Wrote ${path.relative(process.cwd(), openApiFile)}`);
}

async function writeRolesTable(): Promise<void> {
  await writeFile(rolesDocumentFile, withOperationRolesTable(await readFile(rolesDocumentFile, 'utf8')));
  console.log(`Wrote the table of operations per role in ${path.relative(process.cwd(), rolesDocumentFile)}`);
}

await writeOpenApi();
await writeRolesTable();
