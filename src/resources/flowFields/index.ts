import type { FormField, FormFieldDetail } from '@contract/forms';
import {
  formFieldFieldNames,
  formFieldTypeNames,
  formFieldTypes,
  requiredFieldMessage,
} from '@contract/formRules';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { fieldOptions } from '../fieldOptions';

/**
 * The questions of a form (spec §3 Form field, §7 POST/PUT /flows/{flowId}/fields…): on the form's page
 * in order, with 'Nieuwe vraag', reordering and delete; a question's page at /forms/{flowId}/{id} shows
 * its options (single choice only).
 */
export const flowFields = defineResource<FormField, FormFieldDetail>()({
  name: 'flowFields',
  label: { one: 'Vraag', many: 'Vragen' },
  recordRepresentation: 'label',
  parent: { resource: 'flows', param: 'flowId' },
  api: {
    getList: { method: 'GET', path: '/flows/{flowId}/fields' },
    getOne: { method: 'GET', path: '/flows/{flowId}/fields/{id}' },
    create: { method: 'POST', path: '/flows/{flowId}/fields', body: ['label', 'type'] },
    update: { method: 'PUT', path: '/flows/{flowId}/fields/{id}', body: ['label', 'type'] },
    delete: { method: 'DELETE', path: '/flows/{flowId}/fields/{id}' },
    actions: { reorder: { method: 'PUT', path: '/flows/{flowId}/fields/order', body: ['fieldIds'] } },
  },
  fields: [
    {
      source: 'label',
      label: formFieldFieldNames.label,
      kind: 'text',
      validate: required(requiredFieldMessage(formFieldFieldNames.label)),
    },
    {
      source: 'type',
      label: formFieldFieldNames.type,
      kind: 'choice',
      display: 'radio',
      // Sent as numbers: 0 = single choice (radio), 1 = text.
      choices: [
        { id: formFieldTypes.radio, name: formFieldTypeNames[formFieldTypes.radio] },
        { id: formFieldTypes.text, name: formFieldTypeNames[formFieldTypes.text] },
      ],
      defaultValue: formFieldTypes.radio,
      validate: required(requiredFieldMessage(formFieldFieldNames.type)),
    },
    { source: 'optionCount', label: 'Opties', kind: 'number' },
  ],
  views: {
    list: {
      title: 'Vragen',
      columns: [
        { source: 'label', sortable: false },
        { source: 'type', sortable: false },
        { source: 'optionCount', sortable: false },
      ],
      search: false,
      rowClick: 'show',
      reorder: { action: 'reorder', ids: 'fieldIds' },
      delete: { confirmContent: 'Weet je zeker dat je vraag %{recordRepresentation} wilt verwijderen?' },
      empty: 'Dit formulier heeft nog geen vragen.',
    },
    show: {
      back: { to: '/forms/:flowId', label: 'Terug naar het formulier' },
      pageTitle: 'Vraag',
      summary: [{ label: 'Type: %{type}', values: (field) => ({ type: formFieldTypeNames[field.type] }) }],
      actions: [{ label: 'Vraag aanpassen', icon: EditOutlinedIcon, form: 'edit' }],
      sections: [
        { table: fieldOptions, target: 'fieldId', when: (field) => field.type === formFieldTypes.radio },
      ],
      notice: (field) =>
        field.type === formFieldTypes.text
          ? 'Een tekstvraag heeft geen opties: men typt het antwoord.'
          : undefined,
      notFound: 'Deze vraag bestaat niet (meer).',
      refreshEvents: ['refreshflowfield'],
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newFlowField',
      title: 'Nieuwe vraag',
      fields: ['label', 'type'],
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateFlowField',
      title: 'Vraag aanpassen',
      fields: ['label', 'type'],
    },
  },
  routes: { show: '/forms/:flowId/:id' },
  refreshEvents: ['refreshflow'],
  invalidates: ['flows'],
});
