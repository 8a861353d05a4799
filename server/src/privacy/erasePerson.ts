import { logActorOfUser } from '../auditLog/logActor';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';
import type { Database } from '../db/client';
import { normalisedAddress } from './addressHash';
import { personTables } from './personTables';
import { keepSuppression } from './suppression';

// Erasure (AVG art. 17): in one transaction every part of personTables.ts removes or empties what it
// holds of the address in the environment, then the global unsubscribe becomes the keyed hash
// (suppression.ts), and the Logboek records that an erasure happened. A failure anywhere rolls all of it
// back: nothing is half erased.

/** Who erased: a signed-in user (kept on the suppression entry), or the person themselves (self-service). */
export type ErasureActor = { userId: string } | { self: true };

/** The Logboek's name for an erasure the person asked for themselves ('Mijn gegevens wissen'). */
const personThemselves: LogActor = { userId: null, name: 'De persoon zelf (Mijn gegevens)' };

export async function erasePerson(
  db: Database,
  environmentId: string,
  email: string,
  actor: ErasureActor,
): Promise<void> {
  const person = { environmentId, email: normalisedAddress(email) };
  await db.transaction(async (tx) => {
    for (const table of personTables) {
      for (const statement of table.erase(person)) await tx.execute(statement);
    }
    await keepSuppression(
      tx as unknown as Database,
      environmentId,
      person.email,
      'userId' in actor ? actor.userId : null,
    );
    // Logged without the address: the entry says that someone was erased, never who.
    await recordInLog(tx, {
      environmentId,
      actor: 'userId' in actor ? await logActorOfUser(tx, actor.userId) : personThemselves,
      kind: 'person.erased',
      resource: { type: 'person' },
    });
  });
}
