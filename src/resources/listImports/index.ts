import type { ListImport } from '@contract/listImports';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * The CSV imports of a manual list (extensions `…/list/manual/{listId}/imports`): read with their
 * progress, cancelled, their refused rows shown and downloaded. Starting one and its preview are
 * uploads (src/custom/receivers/import/). The wizard at /recievers/lists/{id}/import is the lists' page.
 */
export const listImports = defineResource<ListImport>({
  name: 'listImports',
  label: { one: 'app.receivers.imports.one', many: 'app.receivers.imports.many' },
  api: {
    getList: { method: 'GET', path: '/list/manual/{listId}/imports' },
    getOne: { method: 'GET', path: '/list/manual/{listId}/imports/{id}' },
    actions: {
      cancel: { method: 'POST', path: '/list/manual/{listId}/imports/{id}/cancel' },
      refusals: { method: 'GET', path: '/list/manual/{listId}/imports/{id}/refusals' },
      refusedCsv: { method: 'GET', path: '/list/manual/{listId}/imports/{id}/refused.csv' },
    },
  },
  fields: [
    { source: 'fileName', label: 'app.receivers.imports.fields.fileName', kind: 'text' },
    { source: 'status', label: 'app.receivers.imports.fields.status', kind: 'text' },
    { source: 'startedAt', label: 'app.receivers.imports.fields.startedAt', kind: 'date' },
  ],
  views: {},
  parent: { resource: 'lists', param: 'listId' },
  // An import changes the list's subscribers and count, and so the audiences' recipients.
  invalidates: ['lists', 'subscribers', 'audiences'],
});
