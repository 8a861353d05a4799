import type { ImportRefusal } from '@contract/listImports';
import { defineResource } from '../../declarative/resourceDeclaration';

/** A refused row: its row number is its id (the header is row 1), as rows need one in a table. */
export type ImportRefusalRow = ImportRefusal & { id: number };

/**
 * The rows an import refused, by row number, with their reasons (extension
 * `GET /list/manual/{listId}/imports/{importId}/refusals`: the first `shownRefusals`; all are in
 * `refused.csv`). Shown on an import's result, below its counts.
 */
export const importRefusals = defineResource<ImportRefusalRow>()({
  name: 'importRefusals',
  label: { one: 'app.receivers.imports.refusals.one', many: 'app.receivers.imports.refusals.many' },
  parent: { resource: 'listImports', param: 'importId' },
  api: {
    getList: {
      method: 'GET',
      path: '/list/manual/{listId}/imports/{importId}/refusals',
      response: (answer) =>
        (answer as ImportRefusal[]).map((refusal) => ({ id: refusal.rowNumber, ...refusal })),
    },
  },
  fields: [
    { source: 'rowNumber', label: 'app.receivers.imports.result.row', kind: 'number' },
    { source: 'reason', label: 'app.receivers.imports.result.reason', kind: 'text' },
    {
      source: 'values',
      label: 'app.receivers.imports.result.values',
      kind: 'text',
      displayAs: (values) => (values as string[]).join('; '),
    },
  ],
  views: {
    list: {
      title: 'app.receivers.imports.result.refused_title',
      columns: ['rowNumber', 'reason', 'values'].map((source) => ({
        source: source as keyof ImportRefusalRow & string,
        sortable: false,
      })),
      search: false,
      empty: 'app.receivers.imports.refusals.empty',
    },
  },
});
