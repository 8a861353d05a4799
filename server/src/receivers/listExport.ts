import type { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReceiverList } from '../contract/receivers';
import { dutchCsv } from '../csv/dutchCsv';
import type { Database } from '../db/client';
import { lists, subscribers } from '../db/schema/receivers';
import { attributeLabel, findList, labelledAttributes } from './listRecords';
import { latestProofColumn } from '../signUp/consentProofs';
import { subscriberColumns } from './subscriberRecords';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

/** Subscribers read per query while the file streams: memory stays bounded however large the list. */
const batchSize = 1000;

/** The subscriber fields in the file, in this order, under these (Dutch) column names. */
export const exportedFields = [
  ['name', 'Naam'],
  ['email', 'E-mailadres'],
  ['initials', 'Voorletters'],
  ['firstName', 'Voornaam'],
  ['middleName', 'Tussenvoegsel'],
  ['lastName', 'Achternaam'],
  ['phoneNumber', 'Telefoon'],
  ['address', 'Adres'],
  ['postalCode', 'Postcode'],
  ['city', 'Woonplaats'],
  ['country', 'Land'],
  ['isOrganization', 'Organisatie'],
] as const;

/** The last column: how the subscriber's newest consent was given (signUp/consentProofs.ts). */
export const consentColumn = 'Toestemming';

export interface ListCsv {
  fileName: string;
  content: Readable;
}

/**
 * A list's subscribers as CSV for Excel in Dutch settings, the way the forms' answers are exported
 * (forms/answersCsv.ts): semicolons, a UTF-8 byte order mark, formulas escaped. Every field, then the
 * labelled attributes under their labels. Oldest first, read a batch at a time by keyset on (created,
 * id), which the index subscribers_list_created_idx serves.
 */
export async function listCsv(
  db: Database,
  environmentId: string,
  listId: string,
  actor: LogActor,
): Promise<ListCsv> {
  const list = await findList(db, environmentId, listId, { includeDeleted: true });
  // An export changes nothing, so its entry is all there is to write: who took which list, how many rows.
  await recordInLog(db, {
    environmentId,
    actor,
    kind: 'list.exported',
    resource: { type: 'list', id: list.id, label: list.title },
    rowCount: list.subscriberCount,
  });
  const attributes = labelledAttributes(list);
  const header = [
    ...exportedFields.map(([, label]) => label),
    ...attributes.map((n) => attributeLabel(list, n) ?? `Kenmerk ${n}`),
    consentColumn,
  ];
  return {
    fileName: `${list.title} - ontvangers.csv`,
    content: dutchCsv(header, subscriberRows(db, list, attributes)),
  };
}

async function* subscriberRows(db: Database, list: ReceiverList, attributes: readonly number[]) {
  // The cursor's time travels as text: a JavaScript Date would cut PostgreSQL's microseconds.
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        ...subscriberColumns,
        cursor: sql<string>`${subscribers.createdAt}::text`,
        consent: latestProofColumn,
      })
      .from(subscribers)
      .innerJoin(lists, eq(lists.id, subscribers.listId))
      .where(
        and(
          eq(subscribers.listId, list.id),
          after
            ? sql`(${subscribers.createdAt}, ${subscribers.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(subscribers.createdAt), asc(subscribers.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    for (const row of rows) {
      const values = row as unknown as Record<string, unknown>;
      yield [
        ...exportedFields.map(([field]) =>
          field === 'isOrganization' ? (row.isOrganization ? 'ja' : 'nee') : String(values[field] ?? ''),
        ),
        ...attributes.map((n) => String(values[`attribute${n}`] ?? '')),
        row.consent ?? '',
      ];
    }
    const last = rows[rows.length - 1];
    after = { createdAt: last.cursor, id: last.id };
  }
}
