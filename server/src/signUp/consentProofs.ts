import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ConsentProof } from '../contract/signUp';
import type { Database } from '../db/client';
import { consentProofs, consentTexts, lists, signUpForms, subscribers, users } from '../db/schema';
import { notFound } from '../errors';

// The consent proofs of subscriptions: written by a confirmed sign-up (signUp/confirmation.ts), by staff
// adding a subscriber by hand (source 'staff', with the user) and by a list import (source 'import', with
// the import), read beside a subscriber and in the list's export.

type Executor = Pick<Database, 'insert'>;

/** A subscriber added by hand: the proof names the user who added it and says when. */
export async function recordStaffConsent(
  tx: Executor,
  proof: { environmentId: string; subscriberId: string; listId: string; userId: string | null; now: Date },
): Promise<void> {
  await tx.insert(consentProofs).values({
    environmentId: proof.environmentId,
    subscriberId: proof.subscriberId,
    listId: proof.listId,
    source: 'staff',
    signedUpAt: proof.now,
    userId: proof.userId,
  });
}

/**
 * The CTE an import batch's INSERT adds (receivers/importBatch.ts): a proof for every subscriber the batch
 * added, naming the import. It reads the batch's `written` CTE.
 */
export function importedConsentProofs(environmentId: string, listId: string, importId: string): SQL {
  return sql`proved AS (
    INSERT INTO consent_proofs (environment_id, subscriber_id, list_id, source, signed_up_at, import_id)
    SELECT ${environmentId}::uuid, id, ${listId}::uuid, 'import', now(), ${importId}::uuid FROM written
    WHERE inserted
  )`;
}

/** A subscriber's proofs, newest first; 404 for a subscriber of another environment or list. */
export async function consentProofsOf(
  db: Database,
  environmentId: string,
  listId: string,
  subscriberId: string,
): Promise<ConsentProof[]> {
  const [subscriber] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .innerJoin(lists, eq(lists.id, subscribers.listId))
    .where(
      and(
        eq(subscribers.id, subscriberId),
        eq(subscribers.listId, listId),
        eq(lists.environmentId, environmentId),
      ),
    );
  if (!subscriber) throw notFound('De ontvanger');
  const rows = await db
    .select({
      id: consentProofs.id,
      source: consentProofs.source,
      signedUpAt: consentProofs.signedUpAt,
      confirmedAt: consentProofs.confirmedAt,
      formId: consentProofs.formId,
      formName: signUpForms.name,
      consentVersion: consentTexts.version,
      consentText: consentTexts.text,
      importId: consentProofs.importId,
      userName: sql<string | null>`coalesce(${users.name}, ${users.username})`,
      ipHash: consentProofs.ipHash,
    })
    .from(consentProofs)
    .leftJoin(signUpForms, eq(signUpForms.id, consentProofs.formId))
    .leftJoin(consentTexts, eq(consentTexts.id, consentProofs.consentTextId))
    .leftJoin(users, eq(users.id, consentProofs.userId))
    .where(and(eq(consentProofs.subscriberId, subscriberId), eq(consentProofs.environmentId, environmentId)))
    .orderBy(desc(consentProofs.signedUpAt));
  return rows.map((row) => ({
    ...row,
    source: row.source as ConsentProof['source'],
    signedUpAt: row.signedUpAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  }));
}

/** The export's description of a subscriber's newest proof, e.g. 'Formulier Nieuwsbrief (tekst versie 2), bevestigd 2026-…'. */
export const latestProofColumn = sql<string | null>`(
  SELECT CASE p.source
      WHEN 'form' THEN 'Formulier ' || coalesce(f.name, '?') || ' (toestemmingstekst versie ' || coalesce(t.version::text, '?')
        || '), aangemeld ' || to_char(p.signed_up_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI')
        || ', bevestigd ' || coalesce(to_char(p.confirmed_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI'), '-')
      WHEN 'import' THEN 'Import ' || coalesce(p.import_id::text, '?') || ', '
        || to_char(p.signed_up_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI')
      ELSE 'Toegevoegd door ' || coalesce(u.name, u.username, 'onbekende gebruiker') || ', '
        || to_char(p.signed_up_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI')
    END
  FROM consent_proofs p
  LEFT JOIN sign_up_forms f ON f.id = p.form_id
  LEFT JOIN consent_texts t ON t.id = p.consent_text_id
  LEFT JOIN users u ON u.id = p.user_id
  WHERE p.subscriber_id = ${subscribers.id}
  ORDER BY p.signed_up_at DESC LIMIT 1)`;
