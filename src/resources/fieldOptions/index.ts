import type { FieldOption } from '@contract/forms';
import {
  fieldOptionFieldNames,
  requiredFieldMessage,
  unlimitedAnswers,
  unlimitedAnswersText,
} from '@contract/formRules';
import { minValue, number, required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';

/** maxAnswers: 0 means unlimited (spec §9). */
const places = (value: unknown) => (value === unlimitedAnswers ? unlimitedAnswersText : String(value));
/** Places left: none for an unlimited option (null); 0 means full. */
const placesLeft = (value: unknown) =>
  value === null || value === undefined ? unlimitedAnswersText : String(value);

/**
 * The options of a single-choice question (spec §3 Field option, §7 POST/PUT
 * /flows/{flowId}/fields/{fieldId}/options…), on the question's page at /forms/{flowId}/{id}: label and
 * places (maxAnswers, 0 = unlimited, shown 'onbeperkt'), with places taken and left, reordering and delete.
 */
export const fieldOptions = defineResource<FieldOption>()({
  name: 'fieldOptions',
  label: { one: 'Optie', many: 'Opties' },
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
      label: fieldOptionFieldNames.label,
      kind: 'text',
      validate: required(requiredFieldMessage(fieldOptionFieldNames.label)),
    },
    {
      source: 'maxAnswers',
      label: fieldOptionFieldNames.maxAnswers,
      kind: 'number',
      defaultValue: unlimitedAnswers,
      helperText: '0 = onbeperkt',
      validate: [
        required(requiredFieldMessage(fieldOptionFieldNames.maxAnswers)),
        number(),
        minValue(0, 'Het aantal kan niet negatief zijn'),
      ],
      displayAs: places,
    },
    { source: 'taken', label: 'Gekozen', kind: 'number' },
    { source: 'left', label: 'Plaatsen over', kind: 'number', displayAs: placesLeft },
  ],
  views: {
    list: {
      title: 'Opties',
      columns: [
        { source: 'label', sortable: false },
        { source: 'maxAnswers', sortable: false },
        { source: 'taken', sortable: false },
        { source: 'left', sortable: false },
      ],
      search: false,
      rowClick: 'edit',
      reorder: { action: 'reorder', ids: 'optionIds' },
      delete: { confirmContent: 'Weet je zeker dat je optie %{recordRepresentation} wilt verwijderen?' },
      empty: 'Deze vraag heeft nog geen opties.',
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newFieldOption',
      title: 'Nieuwe optie',
      fields: ['label', 'maxAnswers'],
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateFieldOption',
      title: 'Optie aanpassen',
      fields: ['label', 'maxAnswers'],
    },
  },
  refreshEvents: ['refreshflowfield'],
  invalidates: ['flowFields', 'flows'],
});
