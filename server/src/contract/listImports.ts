import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Uuid } from './common';
import { importModes, jsonAttributesTarget, optedOutChoices } from './importRules';
import { attributeFilterFields, standardFilterFields } from './receiverFields';

// CSV imports into a manual list (extensions): the preview, the import job, its progress and its refused rows.

export { importModes, jsonAttributesTarget, optedOutChoices, shownRefusals } from './importRules';

export const ImportMode = StringEnum(importModes);
export type ImportMode = Static<typeof ImportMode>;

export const OptedOutChoice = StringEnum(optedOutChoices);
export type OptedOutChoice = Static<typeof OptedOutChoice>;

/**
 * What a column can be mapped to: a subscriber field, an attribute (labelled, or labelled by the import's
 * `newLabels`), a JSON object whose keys fill the labels named so (listmonk's `attributes`), or nothing.
 */
export const importTargets = [
  'skip',
  ...standardFilterFields,
  'isOrganization',
  ...attributeFilterFields,
  jsonAttributesTarget,
] as const;
export const ImportTarget = StringEnum(importTargets);
export type ImportTarget = Static<typeof ImportTarget>;

/** Column index (0-based, as text) → target. Columns left out are skipped. */
export const ImportMapping = Type.Record(Type.String({ pattern: '^[0-9]{1,4}$' }), ImportTarget);
export type ImportMapping = Static<typeof ImportMapping>;

export const importStatuses = ['Bezig', 'Voltooid', 'Mislukt', 'Geannuleerd'] as const;
export const ImportStatus = StringEnum(importStatuses);
export type ImportStatus = Static<typeof ImportStatus>;

export const csvEncodings = ['utf-8', 'windows-1252'] as const;
export const CsvEncoding = StringEnum(csvEncodings);
export type CsvEncoding = Static<typeof CsvEncoding>;

/** The first rows of a file as the server reads it, and a mapping suggested from its header. */
export const ImportPreview = Type.Object({
  encoding: CsvEncoding,
  delimiter: Type.String({ description: "';', ',' or a tab" }),
  header: Type.Array(Type.String()),
  rows: Type.Array(Type.Array(Type.String()), { description: 'At most the first 5 rows after the header.' }),
  suggestedMapping: ImportMapping,
  optedOut: Nullable(
    Type.Object(
      {
        column: Type.Integer({ description: 'The column telling who opted out (0-based).' }),
        tool: Type.String({
          description: "The tool the file comes from: 'Laposta', 'listmonk', 'Mailchimp'.",
        }),
        rows: Type.Integer({ description: 'Rows of the whole file marked as opted out.' }),
      },
      {
        description:
          "The file's status column (Laposta, listmonk, a generic 'status') or Mailchimp's UNSUB_TIME / " +
          'CLEAN_TIME: rows of people who opted out there, never imported as recipients. Null: none.',
      },
    ),
  ),
});
export type ImportPreview = Static<typeof ImportPreview>;

export const ListImport = Type.Object({
  id: Uuid,
  listId: Uuid,
  status: ImportStatus,
  mode: ImportMode,
  mapping: ImportMapping,
  fileName: Type.String(),
  fileBytes: Type.Integer(),
  encoding: Nullable(CsvEncoding),
  delimiter: Nullable(Type.String()),
  rowsDone: Type.Integer({ description: 'Rows of the file processed (committed).' }),
  rowsEstimated: Type.Integer({ description: 'Rows expected in all, estimated from the bytes read so far.' }),
  rowsPerSecond: Type.Number(),
  added: Type.Integer(),
  updated: Type.Integer(),
  skippedDuplicate: Type.Integer({
    description: 'Addresses twice in the file, or (mode add) already in the list.',
  }),
  skippedUnsubscribed: Type.Integer({ description: 'Globally unsubscribed addresses: never (re-)added.' }),
  skippedMissing: Type.Integer({ description: 'Mode update: addresses not in the list.' }),
  optedOut: Type.Integer({
    description:
      'Rows the file marks as opted out: added to the unsubscribers (or left out), never to the list.',
  }),
  refused: Type.Integer({ description: 'Rows refused with a reason (see refused.csv).' }),
  error: Nullable(Type.String()),
  startedAt: Type.String({ format: 'date-time' }),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type ListImport = Static<typeof ListImport>;

/** Labels an import gives the list as it starts (attributeN → label), for columns mapped to attributeN. */
export const ImportNewLabels = Type.Record(
  Type.String({ pattern: '^attribute[1-9]$' }),
  Type.String({ minLength: 1, maxLength: 100 }),
);
export type ImportNewLabels = Static<typeof ImportNewLabels>;

/** A row of the file that was not imported: its row number (the header is row 1) and why, in Dutch. */
export const ImportRefusal = Type.Object({
  rowNumber: Type.Integer(),
  reason: Type.String({ description: "E.g. 'ongeldig e-mailadres', 'e-mailadres ontbreekt'." }),
  values: Type.Array(Type.String(), { description: "The row's own cells." }),
});
export type ImportRefusal = Static<typeof ImportRefusal>;

export const ImportParams = Type.Object({ listId: Uuid, importId: Uuid });
