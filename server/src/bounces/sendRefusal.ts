import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a recipient row's failure ('Mislukt': the mail server refused at sending, delivery/sendWithRetry.ts)
 * was permanent: its SMTP answer has a 5xx code, a hard bounce. Otherwise the server kept answering 4xx (or
 * could not be reached) until the tries ran out: a soft bounce.
 */
export function refusedPermanently(detail: SQL): SQL {
  return sql`coalesce(${detail} ~ '(^|[^0-9.])5[0-9][0-9]([^0-9]|$)', false)`;
}
