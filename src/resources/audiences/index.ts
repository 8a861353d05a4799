import type { Audience, AudienceDetail, AudienceListDetail } from '@contract/receivers';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { required } from 'react-admin';
import { filterFieldChoices, operatorChoices } from '../../custom/receivers/audiences/filterFieldChoices';
import { defineResource } from '../../declarative/resourceDeclaration';
import { lazyView } from '../../declarative/lazyView';
import { trimmed } from '../../declarative/trimmed';

// Pages and panels load on first use, not with the login screen.
const AudienceRecipients = lazyView(
  () => import('../../custom/receivers/audiences/AudienceRecipients'),
  'AudienceRecipients',
);
const AudienceLists = lazyView(
  () => import('../../custom/receivers/audiences/AudienceLists'),
  'AudienceLists',
);

const isOpen = (audience: Audience) => !audience.isDeleted;

/**
 * Audiences (spec §3 Audience, §7 /audiences/, /audience…, /audiencelist…): the table at
 * /recievers/audiences/, the audience page with its lists, filters and recipient count, and the panels
 * for a new audience (then its page), renaming it, adding a list and adding a filter.
 */
export const audiences = defineResource<Audience, AudienceDetail>()({
  name: 'audiences',
  label: { one: 'app.receivers.audiences.one', many: 'app.receivers.audiences.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/audiences/', query: ['isDeleted'] },
    // Answers the audience with its lists, their filters and the recipient count (AudienceDetail).
    getOne: { method: 'GET', path: '/audience/{id}' },
    // Answers the new id as a bare JSON string.
    create: { method: 'POST', path: '/audience', query: ['name'] },
    update: { method: 'PUT', path: '/audience/{id}', query: ['name'] },
    delete: { method: 'DELETE', path: '/audience/{id}' },
    actions: {
      addList: { method: 'POST', path: '/audience/{id}/lists/add', query: ['listId'] },
      removeList: { method: 'DELETE', path: '/audiencelist/{audienceListId}' },
      addFilter: {
        method: 'POST',
        path: '/audiencelist/{audienceListId}/filter',
        body: ['field', 'operator', 'value'],
      },
      removeFilter: { method: 'DELETE', path: '/audiencelist/{audienceListId}/filter/{filterId}' },
    },
  },
  fields: [
    {
      source: 'name',
      label: 'app.receivers.audiences.fields.name',
      kind: 'text',
      validate: required('app.receivers.required.name'),
    },
    { source: 'createdAt', label: 'app.receivers.audiences.fields.createdAt', kind: 'date' },
  ],
  views: {
    list: {
      title: 'app.receivers.audiences.title',
      columns: ['name', 'createdAt'],
      sort: { field: 'name', order: 'ASC' },
      filter: { isDeleted: false },
      rowClick: 'show',
      delete: { confirmContent: 'app.receivers.audiences.delete_confirm' },
      empty: 'app.receivers.audiences.empty',
    },
    // /recievers/audiences/{id} (and /{id}/{audienceName}): the audience, its recipient count and its
    // lists with their filters. A deleted audience can only be looked at.
    show: {
      back: { to: '/recievers/audiences/', label: 'app.receivers.audiences.page.back' },
      extra: AudienceRecipients,
      notice: (audience) => (audience.isDeleted ? 'app.receivers.audiences.page.deleted' : undefined),
      actions: [
        {
          label: 'app.receivers.audiences.page.add_list',
          icon: AddIcon,
          variant: 'contained',
          form: 'addList',
          when: isOpen,
        },
        { label: 'app.receivers.audiences.rename', icon: EditOutlinedIcon, form: 'edit', when: isOpen },
      ],
      sections: [{ component: AudienceLists }],
      notFound: 'app.receivers.audiences.page.not_found',
      // The read with its lists, filters and count, kept apart from the rows getList caches per id.
      meta: { detail: true },
      maxWidth: 1100,
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newAudience',
      title: 'app.receivers.audiences.create',
      fields: ['name'],
      redirect: (audience) => `/recievers/audiences/${audience.id}`,
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateAudienceName',
      title: 'app.receivers.audiences.rename',
      fields: ['name'],
    },
    forms: {
      // Spec §5: manual lists that are not deleted and not yet in the audience (opened with the audience).
      addList: {
        as: 'slideOver',
        slideOverType: 'addListToAudience',
        title: 'app.receivers.audiences.add_list.title',
        description: 'app.receivers.audiences.add_list.intro',
        fields: [
          {
            source: 'listId',
            label: 'app.receivers.audiences.add_list.list',
            kind: 'reference',
            reference: 'lists',
            optionText: 'title',
            filter: { isDeleted: false, type: 'ManualList' },
            sort: { field: 'title', order: 'ASC' },
            exclude: ({ record }) => (record as AudienceDetail).lists.map((list) => list.listId),
            empty: 'app.receivers.audiences.add_list.none',
            validate: required('app.receivers.required.list'),
          },
        ],
        transform: ({ listId }) => ({ listId }),
        save: { action: 'addList' },
        submitLabel: 'app.receivers.audiences.add_list.submit',
        successMessage: 'app.receivers.audiences.add_list.added',
      },
      // Opened with one list of the audience (AudienceListDetail) as its record.
      addFilter: {
        as: 'slideOver',
        slideOverType: 'newAudienceFilter',
        title: 'app.receivers.audiences.filter.title',
        description: 'app.receivers.audiences.filter.intro',
        fields: [
          {
            source: 'field',
            label: 'app.receivers.audiences.filter.field',
            kind: 'choice',
            // The spec's fields, plus the attributes the list has a label for.
            choices: ({ record }) => filterFieldChoices(record as AudienceListDetail),
            validate: required('app.receivers.required.filter_field'),
          },
          {
            source: 'operator',
            label: 'app.receivers.audiences.filter.operator',
            kind: 'choice',
            choices: operatorChoices,
            defaultValue: 'IsEqual',
            validate: required('app.receivers.required.filter_operator'),
          },
          {
            source: 'value',
            label: 'app.receivers.audiences.filter.value',
            kind: 'text',
            validate: required('app.receivers.required.filter_value'),
          },
        ],
        defaultValues: () => ({ field: null, value: '' }),
        transform: ({ field, operator, value }, { record }) => ({
          audienceListId: record?.id,
          field,
          operator,
          value: trimmed(value),
        }),
        save: { action: 'addFilter' },
        submitLabel: 'app.receivers.audiences.filter.submit',
        successMessage: 'app.receivers.audiences.filter.added',
      },
    },
  },
  routes: { list: '/recievers/audiences/', show: '/recievers/audiences/:id' },
  pages: [{ path: '/recievers/audiences/:id/:audienceName', view: 'show' }],
  broadcasts: ['refreshaudience'],
});
