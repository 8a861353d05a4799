import type { ImportPreview, ListImport } from '@contract/listImports';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { defineResource } from '../../declarative/resourceDeclaration';
import { answers } from '../../declarative/apiMapping';
import { lazyView } from '../../declarative/lazyView';
import { importRefusals } from '../importRefusals';

// The import page and its parts load with it, not with the login screen.
const ListImportPage = lazyView(
  () => import('../../custom/receivers/import/ListImportPage'),
  'ListImportPage',
);
const ImportRunning = lazyView(() => import('../../custom/receivers/import/ImportRunning'), 'ImportRunning');
const ImportResult = lazyView(() => import('../../custom/receivers/import/ImportResult'), 'ImportResult');
const ImportResultLinks = lazyView(
  () => import('../../custom/receivers/import/ImportResultLinks'),
  'ImportResultLinks',
);

/** How often a running import's progress is read. */
const pollMilliseconds = 1000;

const running = (item: ListImport) => item.status === 'Bezig';

/**
 * The CSV imports of a manual list (extensions `…/list/manual/{listId}/imports`): read with their
 * progress, cancelled, their refused rows shown and downloaded. Starting one and its preview are
 * uploads (`dataProvider.upload`). The wizard at /recievers/lists/{id}/import is the lists' page; it
 * shows an import through the named view `import` (its progress while it runs, then its result).
 */
export const listImports = defineResource<ListImport>()({
  name: 'listImports',
  label: { one: 'app.receivers.imports.one', many: 'app.receivers.imports.many' },
  api: {
    getList: { method: 'GET', path: '/list/manual/{listId}/imports' },
    getOne: { method: 'GET', path: '/list/manual/{listId}/imports/{id}' },
    actions: {
      preview: answers<ImportPreview>({
        method: 'POST',
        path: '/list/manual/{listId}/imports/preview',
        readsOnly: true,
      }),
      start: answers<ListImport>({ method: 'POST', path: '/list/manual/{listId}/imports' }),
      cancel: answers<ListImport>({ method: 'POST', path: '/list/manual/{listId}/imports/{id}/cancel' }),
      refusedCsv: { method: 'GET', path: '/list/manual/{listId}/imports/{id}/refused.csv' },
    },
  },
  fields: [
    { source: 'fileName', label: 'app.receivers.imports.fields.fileName', kind: 'text' },
    { source: 'status', label: 'app.receivers.imports.fields.status', kind: 'text' },
    { source: 'startedAt', label: 'app.receivers.imports.fields.startedAt', kind: 'dateTime' },
    { source: 'added', label: 'app.receivers.imports.history.added', kind: 'number' },
    { source: 'updated', label: 'app.receivers.imports.history.updated', kind: 'number' },
    { source: 'refused', label: 'app.receivers.imports.history.refused', kind: 'number' },
  ],
  views: {
    // The list's earlier imports (the server keeps the latest 20), newest first, on its import page:
    // each opens its result (refused rows included) at its own address.
    list: {
      title: 'app.receivers.imports.history.title',
      columns: [
        { source: 'startedAt', sortable: false },
        { source: 'fileName', sortable: false },
        { source: 'status', sortable: false },
        { source: 'added', sortable: false },
        { source: 'updated', sortable: false },
        { source: 'refused', sortable: false },
      ],
      phoneColumns: ['startedAt', 'status'],
      search: false,
      rowClick: 'show',
    },
    details: {
      import: {
        sections: [
          { component: ImportRunning, when: running },
          { component: ImportResult, when: (item) => !running(item) },
          {
            table: importRefusals,
            target: 'importId',
            title: 'app.receivers.imports.result.refused_title',
            when: (item) => !running(item) && item.refused > 0,
            actions: [
              {
                label: 'app.receivers.imports.result.download_refused',
                icon: DownloadOutlinedIcon,
                download: {
                  action: 'refusedCsv',
                  fileName: (item) => `${item.fileName.replace(/\.[^.]*$/, '')} - geweigerde rijen.csv`,
                },
              },
            ],
          },
          { component: ImportResultLinks, when: (item) => !running(item) },
        ],
        notFound: 'app.receivers.imports.not_found',
        poll: { every: pollMilliseconds, while: running },
      },
    },
  },
  parent: { resource: 'lists', param: 'listId' },
  // An earlier import's result, on the list's import page.
  routes: { show: '/recievers/lists/:listId/import/:id' },
  pages: [{ path: '/recievers/lists/:listId/import/:id', component: ListImportPage }],
  // An import changes the list's subscribers and count, and so the audiences' recipients.
  invalidates: ['lists', 'subscribers', 'audiences'],
  broadcasts: ['refreshlist', 'refreshlists', 'refreshSubscribers', 'refreshaudience'],
});
