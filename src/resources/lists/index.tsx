import type { ReceiverList } from '@contract/receivers';
import { required } from 'react-admin';
import { TestListMark } from '../../custom/receivers/lists/TestListMark';
import { uniqueLabel } from '../../custom/receivers/lists/uniqueLabel';
import { defineResource } from '../../declarative/resourceDeclaration';
import { lazyView } from '../../declarative/lazyView';
import type { FieldDeclaration } from '../../declarative/fieldDeclaration';
import { labelSources } from './labelSources';

// Pages and panels load on first use, not with the login screen.
const ListDetailPage = lazyView(
  () => import('../../custom/receivers/lists/ListDetailPage'),
  'ListDetailPage',
);
const ListImportPage = lazyView(
  () => import('../../custom/receivers/lists/ListImportPage'),
  'ListImportPage',
);
const ReceiversOverviewPage = lazyView(
  () => import('../../custom/receivers/ReceiversOverviewPage'),
  'ReceiversOverviewPage',
);

const labelFields = labelSources.map((source, index): FieldDeclaration<(typeof labelSources)[number]> => ({
  source,
  label: `Label ${index + 1}`,
  kind: 'text',
  validate: uniqueLabel,
}));

/**
 * Manual lists (spec §3 List, §7 GET /lists/, POST/PUT /list/manual…): the table at /recievers/lists/,
 * the list page with its subscribers, the panels 'Nieuwe Lijst', 'Naam aanpassen' and 'Labels aanpaasen',
 * the import page (not yet available) and the receivers overview at /recievers/.
 */
export const lists = defineResource<ReceiverList>({
  name: 'lists',
  label: { one: 'app.receivers.lists.one', many: 'app.receivers.lists.many' },
  recordRepresentation: 'title',
  api: {
    getList: { method: 'GET', path: '/lists/', query: ['isDeleted', 'type'] },
    getOne: { method: 'GET', path: '/list/manual/{id}' },
    create: { method: 'POST', path: '/list/manual', query: ['title'] },
    update: { method: 'PUT', path: '/list/manual/{id}', query: ['title', 'isTest'] },
    delete: { method: 'DELETE', path: '/list/manual/{id}' },
    actions: {
      setLabels: {
        method: 'PUT',
        path: '/list/manual/{id}/attributes',
        // The spec spells the body AttributeLabel1..9; empty labels are sent as null (cleared).
        body: (values) =>
          Object.fromEntries(
            labelSources.map((source, index) => [`AttributeLabel${index + 1}`, values[source] ?? null]),
          ),
      },
    },
  },
  fields: [
    {
      source: 'title',
      label: 'app.receivers.lists.fields.title',
      kind: 'text',
      validate: required('app.receivers.required.name'),
    },
    { source: 'isTest', label: 'app.receivers.lists.fields.isTest', kind: 'boolean' },
    { source: 'subscriberCount', label: 'app.receivers.lists.fields.subscriberCount', kind: 'number' },
    { source: 'createdAt', label: 'app.receivers.lists.fields.createdAt', kind: 'date' },
    ...labelFields,
  ],
  views: {
    list: {
      title: 'app.receivers.lists.title',
      columns: [
        'title',
        'subscriberCount',
        { source: 'isTest', sortable: false, render: (list) => <TestListMark list={list} /> },
        'createdAt',
      ],
      sort: { field: 'title', order: 'ASC' },
      filter: { isDeleted: false },
      rowClick: 'show',
      delete: { confirmContent: 'app.receivers.lists.delete_confirm' },
      empty: 'app.receivers.lists.empty',
    },
    show: { component: ListDetailPage },
    create: {
      as: 'slideOver',
      slideOverType: 'newManualList',
      title: 'app.receivers.lists.create',
      fields: ['title'],
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateListName',
      title: 'app.receivers.lists.rename',
      fields: ['title', 'isTest'],
    },
    forms: {
      labels: {
        as: 'slideOver',
        slideOverType: 'updateListLabels',
        title: 'app.receivers.lists.labels',
        description: 'app.receivers.lists.labels_intro',
        fields: labelSources,
        save: { action: 'setLabels' },
      },
    },
  },
  routes: { list: '/recievers/lists/', show: '/recievers/lists/:id' },
  pages: [
    { path: '/recievers/', component: ReceiversOverviewPage },
    { path: '/recievers/lists/:id/import', component: ListImportPage },
  ],
  refreshEvents: ['refreshlists', 'refreshlist'],
  invalidates: ['audiences'],
});
