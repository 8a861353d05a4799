import type { FieldOption } from '@contract/forms';
import { unlimitedAnswers } from '@contract/formRules';
import { minValue, number, required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';

import { places, placesLeft } from './places';

/**
 * The options of a single-choice question (spec §3 Field option, §7 POST/PUT
 * /flows/{flowId}/fields/{fieldId}/options…), on the question's page at /forms/{flowId}/{id}: label and
 * places (maxAnswers, 0 = unlimited, shown 'onbeperkt'), with places taken and left, reordering and delete.
 */
export const fieldOptions = defineResource<FieldOption>()({
  name: 'fieldOptions',
  label: { one: 'app.forms.options.one', many: 'app.forms.options.many' },
  recordRepresentation: 'label',
  parent: { resource: 'flowFields', param: 'fieldId' },
  api: {
    getList: { method: 'GET', path: '/flows/{flowId}/fields/{fieldId}/options' },
    create: {
      method: 'POST',
      path: '/flows/{flowId}/fields/{fieldId}/options',
      body: ['label', 'maxAnswers'],
    },
    update: {
      method: 'PUT',
      path: '/flows/{flowId}/fields/{fieldId}/options/{id}',
      body: ['label', 'maxAnswers'],
    },
    delete: { method: 'DELETE', path: '/flows/{flowId}/fields/{fieldId}/options/{id}' },
    actions: {
      reorder: { method: 'PUT', path: '/flows/{flowId}/fields/{fieldId}/options/order', body: ['optionIds'] },
    },
  },
  fields: [
    {
      source: 'label',
      label: 'app.forms.options.fields.label',
      kind: 'text',
      validate: required('app.forms.options.required.label'),
    },
    {
      source: 'maxAnswers',
      label: 'app.forms.options.fields.maxAnswers',
      kind: 'number',
      defaultValue: unlimitedAnswers,
      helperText: 'app.forms.options.fields.maxAnswers_help',
      validate: [
        required('app.forms.options.required.maxAnswers'),
        number(),
        minValue(0, 'app.forms.options.negative'),
      ],
      displayAs: places,
    },
    { source: 'taken', label: 'app.forms.options.fields.taken', kind: 'number' },
    { source: 'left', label: 'app.forms.options.fields.left', kind: 'number', displayAs: placesLeft },
  ],
  views: {
    list: {
      title: 'app.forms.options.title',
      columns: [
        { source: 'label', sortable: false },
        { source: 'maxAnswers', sortable: false },
        { source: 'taken', sortable: false },
        { source: 'left', sortable: false },
      ],
      search: false,
      rowClick: 'edit',
      reorder: { action: 'reorder', ids: 'optionIds' },
      delete: { confirmContent: 'app.forms.options.delete_content' },
      empty: 'app.forms.options.empty',
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newFieldOption',
      title: 'app.forms.options.create',
      fields: ['label', 'maxAnswers'],
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateFieldOption',
      title: 'app.forms.options.edit',
      fields: ['label', 'maxAnswers'],
    },
  },
  invalidates: ['flowFields', 'flows', 'flowSubmissions', 'flowOptionCounts'],
  broadcasts: ['refreshflowfield'],
});
