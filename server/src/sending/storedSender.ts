import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { senderSettings } from '../db/schema';

/** The environment's own sender as stored; all null when it has none (MAIL_FROM is then used). */
export interface StoredSender {
  senderName: string | null;
  senderAddress: string | null;
  replyToAddress: string | null;
}

export async function storedSender(db: Database, environmentId: string): Promise<StoredSender> {
  const [row] = await db
    .select({
      senderName: senderSettings.senderName,
      senderAddress: senderSettings.senderAddress,
      replyToAddress: senderSettings.replyToAddress,
    })
    .from(senderSettings)
    .where(eq(senderSettings.environmentId, environmentId));
  return row ?? { senderName: null, senderAddress: null, replyToAddress: null };
}
