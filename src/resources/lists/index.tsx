import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import type { ReceiverList } from '@contract/receivers';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { required } from 'react-admin';
import { subscribersOfList } from '../../custom/receivers/lists/subscribersOfList';
import { TestListMark } from '../../custom/receivers/lists/TestListMark';
import { uniqueLabel } from '../../custom/receivers/lists/uniqueLabel';
import { defineResource } from '../../declarative/resourceDeclaration';
import { listImports } from '../listImports';
import { lazyView } from '../../declarative/lazyView';
import type { FieldDeclaration } from '../../declarative/fieldDeclaration';
import { labelSources } from './labelSources';

import { subscribers } from '../subscribers';

// Pages and panels load on first use, not with the login screen.
const ListLabels = lazyView(() => import('../../custom/receivers/lists/ListLabels'), 'ListLabels');
const ListImportPage = lazyView(
  () => import('../../custom/receivers/import/ListImportPage'),
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

const isOpen = (list: ReceiverList) => !list.isDeleted;

/**
 * Manual lists (spec §3 List, §7 GET /lists/, POST/PUT /list/manual…): the table at /recievers/lists/,
 * the list page with its subscribers, the panels 'Nieuwe Lijst', 'Naam aanpassen' and 'Labels aanpaasen',
 * the import wizard, the CSV export and the receivers overview at /recievers/.
 */
export const lists = defineResource<ReceiverList>()({
  name: 'lists',
  label: { one: 'app.receivers.lists.one', many: 'app.receivers.lists.many' },
  recordRepresentation: 'title',
  api: {
    getList: { method: 'GET', path: '/lists/', query: ['isDeleted', 'type', 'isPublic'] },
    getOne: { method: 'GET', path: '/list/manual/{id}' },
    create: { method: 'POST', path: '/list/manual', query: ['title'] },
    update: { method: 'PUT', path: '/list/manual/{id}', query: ['title', 'isTest', 'isPublic'] },
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
      // Extension: the list's subscribers as CSV, streamed by the server.
      export: { method: 'GET', path: '/list/manual/{id}/export' },
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
    {
      source: 'isPublic',
      label: 'app.receivers.lists.fields.isPublic',
      kind: 'boolean',
      helperText: 'app.receivers.lists.fields.isPublic_help',
    },
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
    // /recievers/lists/{id}: the list with its size, labels and actions, and its subscribers.
    // A deleted list (also shown) can only be looked at.
    show: {
      back: { to: '/recievers/lists/', label: 'app.receivers.lists.page.back' },
      flags: [
        { label: 'app.receivers.lists.page.test', when: (list) => list.isTest, color: 'warning' },
        { label: 'app.receivers.lists.page.public', when: (list) => list.isPublic, color: 'info' },
        {
          label: 'app.receivers.lists.page.subscribers',
          values: (list) => ({ smart_count: list.subscriberCount }),
          variant: 'outlined',
        },
      ],
      extra: ListLabels,
      notice: (list) => (list.isDeleted ? 'app.receivers.lists.page.deleted' : undefined),
      actions: [
        { label: 'app.receivers.lists.rename', icon: EditOutlinedIcon, form: 'edit', when: isOpen },
        { label: 'app.receivers.lists.labels', icon: LabelOutlinedIcon, form: 'labels', when: isOpen },
        {
          label: 'app.receivers.lists.page.import',
          icon: UploadFileOutlinedIcon,
          to: (list) => `/recievers/lists/${list.id}/import`,
          // The page is the import wizard: not for a role that may not import.
          leadsTo: { resource: listImports, call: 'start' },
          when: isOpen,
        },
        {
          label: 'app.receivers.lists.page.export',
          icon: DownloadOutlinedIcon,
          variant: 'text',
          download: { action: 'export', fileName: (list) => `${list.title} - ontvangers.csv` },
        },
      ],
      sections: [
        { table: subscribers, target: 'listId', adapt: (table, list) => subscribersOfList(table, list) },
      ],
      notFound: 'app.receivers.lists.page.not_found',
    },
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
      fields: ['title', 'isTest', 'isPublic'],
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
    {
      path: '/recievers/',
      component: ReceiversOverviewPage,
      menu: { label: 'app.menu.receivers', icon: GroupsOutlinedIcon, order: 20 },
    },
    { path: '/recievers/lists/:id/import', component: ListImportPage },
  ],
  invalidates: ['audiences', 'subscribers', 'signUpForms'],
  broadcasts: ['refreshlists', 'refreshlist'],
});
