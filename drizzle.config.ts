import { defineConfig } from 'drizzle-kit';

// One schema and one migrations folder serve both drivers (PGlite and PostgreSQL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/drizzle',
});
