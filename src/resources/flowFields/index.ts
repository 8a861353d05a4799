import type { FormField, FormFieldDetail } from '@contract/forms';
import { formFieldTypeNames, formFieldTypes } from '@contract/formRules';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { formatDutchNumber } from '../../i18n/dutchNumber';
import { fieldOptions } from '../fieldOptions';

/**
 * The questions of a form (spec §3 Form field, §7 POST/PUT /flows/{flowId}/fields…): on the form's page
 * in order, with 'Nieuwe vraag', reordering and delete; a question's page at /forms/{flowId}/{id} shows
 * its options (single choice only).
 */
export const flowFields = defineResource<FormField, FormFieldDetail>()({
  name: 'flowFields',
  label: { one: 'app.forms.questions.one', many: 'app.forms.questions.many' },
  recordRepresentation: 'label',
  parent: { resource: 'flows', param: 'flowId' },
  api: {
    getList: { method: 'GET', path: '/flows/{flowId}/fields' },
    getOne: { method: 'GET', path: '/flows/{flowId}/fields/{id}' },
    create: { method: 'POST', path: '/flows/{flowId}/fields', body: ['label', 'type', 'required'] },
    update: { method: 'PUT', path: '/flows/{flowId}/fields/{id}', body: ['label', 'type', 'required'] },
    delete: { method: 'DELETE', path: '/flows/{flowId}/fields/{id}' },
    actions: { reorder: { method: 'PUT', path: '/flows/{flowId}/fields/order', body: ['fieldIds'] } },
  },
  fields: [
    {
      source: 'label',
      label: 'app.forms.questions.fields.label',
      kind: 'text',
      validate: required('app.forms.questions.required.label'),
    },
    {
      source: 'type',
      label: 'app.forms.questions.fields.type',
      kind: 'choice',
      display: 'radio',
      // Sent as numbers: 0 = single choice (radio), 1 = text.
      choices: [
        { id: formFieldTypes.radio, name: 'app.forms.questions.types.radio' },
        { id: formFieldTypes.text, name: 'app.forms.questions.types.text' },
      ],
      defaultValue: formFieldTypes.radio,
      validate: required('app.forms.questions.required.type'),
    },
    {
      source: 'required',
      label: 'app.forms.questions.fields.required',
      kind: 'boolean',
      // Required unless switched off (spec: every question was required).
      defaultValue: true,
      helperText: 'app.forms.questions.fields.required_help',
    },
    {
      source: 'optionCount',
      label: 'app.forms.questions.fields.optionCount',
      kind: 'number',
      // A text question has no options at all: an empty cell, not 'Opties 0'.
      displayAs: (value, record) =>
        (record as FormField).type === formFieldTypes.text || typeof value !== 'number'
          ? null
          : formatDutchNumber(value),
    },
  ],
  views: {
    list: {
      title: 'app.forms.questions.title',
      columns: [
        { source: 'label', sortable: false },
        { source: 'type', sortable: false },
        { source: 'required', sortable: false },
        { source: 'optionCount', sortable: false },
      ],
      search: false,
      rowClick: 'show',
      reorder: { action: 'reorder', ids: 'fieldIds' },
      delete: { confirmContent: 'app.forms.questions.delete_content' },
      empty: 'app.forms.questions.empty',
    },
    show: {
      back: { to: '/forms/:flowId', label: 'app.forms.questions.back' },
      pageTitle: 'app.forms.questions.page_title',
      // The type's name is the server's too (@contract/formRules), as the choices' names in forms.nl.ts.
      summary: [
        {
          label: 'app.forms.questions.type_summary',
          values: (field) => ({ type: formFieldTypeNames[field.type] }),
        },
      ],
      actions: [{ label: 'app.forms.questions.edit', icon: EditOutlinedIcon, form: 'edit' }],
      sections: [
        { table: fieldOptions, target: 'fieldId', when: (field) => field.type === formFieldTypes.radio },
      ],
      notice: (field) =>
        field.type === formFieldTypes.text ? 'app.forms.questions.text_has_no_options' : undefined,
      notFound: 'app.forms.questions.not_found',
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newFlowField',
      title: 'app.forms.questions.create',
      fields: ['label', 'type', 'required'],
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateFlowField',
      title: 'app.forms.questions.edit',
      fields: ['label', 'type', 'required'],
    },
  },
  routes: { show: '/forms/:flowId/:id' },
  invalidates: ['flows', 'flowSubmissions', 'flowOptionCounts'],
  broadcasts: ['refreshflow'],
});
