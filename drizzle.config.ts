import { defineConfig } from 'drizzle-kit';

// Used by `npm run db:generate` only: migrations are generated from db/schema.ts and applied by
// the application at start (db/migrate.ts), for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
