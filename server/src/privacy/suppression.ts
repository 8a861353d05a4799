import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';
import { addressHash, addressHashKey, normalisedAddress } from './addressHash';

// The suppression an erased person leaves: their global unsubscribe stays, as a row of `unsubscribers`
// whose address is a placeholder that reaches no one and whose `address_hash` is the keyed hash of the
// real address. Imports and manual adds look both up, so neither brings the person back silently.

/** Why a manual add or an import row with an erased address is refused (Dutch, shown to staff). */
export const erasedAddressReason =
  'Dit adres is op verzoek van de persoon gewist en mag niet opnieuw worden toegevoegd; alleen de persoon zelf kan zich opnieuw aanmelden.';

/** Why a manual add of a globally unsubscribed address is refused. */
export const unsubscribedAddressReason =
  'Dit adres heeft zich voor alles afgemeld; alleen de persoon zelf kan dat ongedaan maken.';

/** The detail the suppression entry shows beside its cause on the unsubscribers page. */
export const erasedCauseDetail = 'Gegevens gewist op verzoek';

/** Which of `emails` were erased in the environment (their keyed hash is in the unsubscribers), lower case. */
export async function erasedAddresses(
  db: Database,
  environmentId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const key = await addressHashKey(db);
  const byHash = new Map(
    emails.map((email) => [addressHash(key, environmentId, email), normalisedAddress(email)]),
  );
  const rows = await selectRows<{ address_hash: string }>(
    db,
    sql`SELECT address_hash FROM unsubscribers
        WHERE environment_id = ${environmentId} AND removed_at IS NULL
          AND address_hash IN (SELECT jsonb_array_elements_text(${JSON.stringify([...byHash.keys()])}::jsonb))`,
  );
  return new Set(rows.map((row) => byHash.get(row.address_hash) as string));
}

/** Why the address may not be added to a list of the environment, or undefined when it may. */
export async function suppressionOf(
  db: Database,
  environmentId: string,
  email: string,
): Promise<string | undefined> {
  if ((await erasedAddresses(db, environmentId, [email])).size > 0) return erasedAddressReason;
  const [unsubscribed] = await selectRows<{ id: string }>(
    db,
    sql`SELECT id FROM unsubscribers WHERE environment_id = ${environmentId} AND removed_at IS NULL
        AND lower(email) = ${normalisedAddress(email)} LIMIT 1`,
  );
  return unsubscribed ? unsubscribedAddressReason : undefined;
}

/**
 * Inside the erasure's transaction: the person's undone unsubscribes go (they name the person), their
 * active one keeps its cause but loses the address; without one, a new entry is made. Either way one
 * active entry with the keyed hash remains, naming the user who erased (null: the person themselves).
 */
export async function keepSuppression(
  tx: Database,
  environmentId: string,
  email: string,
  erasedByUserId: string | null,
): Promise<void> {
  const hash = addressHash(await addressHashKey(tx), environmentId, email);
  const address = normalisedAddress(email);
  await tx.execute(sql`DELETE FROM unsubscribers WHERE environment_id = ${environmentId}
      AND removed_at IS NOT NULL AND lower(trim(email)) = ${address}`);
  const kept = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE unsubscribers
        SET email = 'gewist-' || id || '@gewist.invalid', address_hash = ${hash}, cause_detail = ${erasedCauseDetail},
            created_by_user_id = ${erasedByUserId}
        WHERE environment_id = ${environmentId} AND removed_at IS NULL AND lower(trim(email)) = ${address}
        RETURNING id`,
  );
  if (kept.length > 0) return;
  const [already] = await selectRows<{ id: string }>(
    tx,
    sql`SELECT id FROM unsubscribers WHERE environment_id = ${environmentId} AND removed_at IS NULL
        AND address_hash = ${hash} LIMIT 1`,
  );
  if (already) return;
  const id = randomUUID();
  await tx.execute(sql`INSERT INTO unsubscribers (id, environment_id, email, cause, cause_detail, address_hash, created_by_user_id)
      VALUES (${id}, ${environmentId}, ${`gewist-${id}@gewist.invalid`}, 'Afgemeld', ${erasedCauseDetail}, ${hash}, ${erasedByUserId})`);
}
