// `npm run openapi`: writes the OpenAPI document of the routes to docs/api/openapi.json.
// Builds the real app on a throw-away data directory (embedded database and provider), so the document
// never depends on the caller's environment variables.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { formatOpenApiDocument } from '../openapi';

export const openApiFile = fileURLToPath(new URL('../../../docs/api/openapi.json', import.meta.url));

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

await writeOpenApi();
