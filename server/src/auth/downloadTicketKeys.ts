import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';

/** What signs and checks download tickets (auth/downloadTicket.ts): their own key, and the clock. */
export interface DownloadTicketKeys {
  /** The key, made on first use and kept in the database, so every server process shares it. */
  key(): Promise<Buffer>;
  /** Milliseconds since the epoch (tests move it to see a ticket expire). */
  now(): number;
}

export function downloadTicketKeys(db: Database, now: () => number = Date.now): DownloadTicketKeys {
  let key: Promise<Buffer> | undefined;
  return {
    key() {
      key ??= serverSecret(db, 'download-ticket').catch((error: unknown) => {
        key = undefined; // asked again next time, not failed for good
        throw error;
      });
      return key;
    },
    now,
  };
}
