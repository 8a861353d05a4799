import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';
import { notFound } from '../errors';
import { normalisedAddress } from './addressHash';
import { personTables } from './personTables';

// Everything the environment holds on one address (AVG art. 15): every part of personTables.ts, read in
// one snapshot. The person's page, the JSON download and the readable page all show this.

/** One part of the export: a kind of record with its Dutch heading, columns and the person's rows. */
export interface PersonPart {
  key: string;
  label: string;
  empty: string;
  shown: { key: string; label: string }[];
  rows: Record<string, unknown>[];
}

export interface PersonExport {
  email: string;
  environment: string;
  exportedAt: string;
  parts: PersonPart[];
}

/** A timestamp as PostgreSQL writes it in text ('2025-02-17 08:04:00+00'), as the raw reads may answer it. */
const postgresMoment = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/;

/** A moment as ISO 8601 text: one driver answers timestamps as Date objects, the other as PostgreSQL text. */
function isoMoment(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && postgresMoment.test(value)) {
    const moment = new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
    return Number.isNaN(moment.getTime()) ? value : moment.toISOString();
  }
  return value;
}

function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, isoMoment(value)]));
}

/** Whether the environment holds anything at all on the address. */
export function holdsAnything(person: PersonExport): boolean {
  return person.parts.some((part) => part.rows.length > 0);
}

export async function exportPerson(
  db: Database,
  environmentId: string,
  email: string,
): Promise<PersonExport> {
  const person = { environmentId, email: normalisedAddress(email) };
  return db.transaction(async (tx) => {
    // One snapshot on PostgreSQL: every part as it was at the same moment.
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    const [environment] = await selectRows<{ name: string }>(
      tx,
      sql`SELECT name FROM environments WHERE id = ${environmentId}`,
    );
    if (!environment) throw notFound('De omgeving');
    const parts: PersonPart[] = [];
    for (const table of personTables) {
      const rows = await selectRows<Record<string, unknown>>(tx, table.select(person));
      parts.push({
        key: table.key,
        label: table.label,
        empty: table.empty,
        shown: [...table.shown],
        rows: rows.map(plain),
      });
    }
    return {
      email: person.email,
      environment: environment.name,
      exportedAt: new Date().toISOString(),
      parts,
    };
  });
}
