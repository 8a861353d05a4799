import { eq } from 'drizzle-orm';
import { retentionDefaults, type RetentionSettings, type RetentionSettingsInput } from '../contract/privacy';
import type { Database } from '../db/client';
import { retentionSettings } from '../db/schema';

// An environment's retention periods ('Bewaartermijnen'); without a saved row, the defaults.

export async function readRetentionSettings(db: Database, environmentId: string): Promise<RetentionSettings> {
  const [row] = await db
    .select({
      formAnswerMonths: retentionSettings.formAnswerMonths,
      rsvpAnswerMonths: retentionSettings.rsvpAnswerMonths,
      inactiveSubscriberMonths: retentionSettings.inactiveSubscriberMonths,
    })
    .from(retentionSettings)
    .where(eq(retentionSettings.environmentId, environmentId));
  return { id: environmentId, ...(row ?? retentionDefaults) };
}

export async function saveRetentionSettings(
  db: Database,
  environmentId: string,
  input: RetentionSettingsInput,
): Promise<RetentionSettings> {
  const values = {
    formAnswerMonths: input.formAnswerMonths,
    rsvpAnswerMonths: input.rsvpAnswerMonths,
    inactiveSubscriberMonths: input.inactiveSubscriberMonths,
    updatedAt: new Date(),
  };
  await db
    .insert(retentionSettings)
    .values({ environmentId, ...values })
    .onConflictDoUpdate({ target: retentionSettings.environmentId, set: values });
  return readRetentionSettings(db, environmentId);
}
