import type { OptionCount, Submission } from '@contract/forms';
import { defineResource } from '../../declarative/resourceDeclaration';

import { places, placesLeft } from '../fieldOptions/places';

/** The answers of a form, newest first (extension `GET /flows/{flowId}/submissions`), and their CSV. */
export const flowSubmissions = defineResource<Submission>()({
  name: 'flowSubmissions',
  label: { one: 'app.forms.answers.one', many: 'app.forms.answers.many' },
  api: {
    getList: { method: 'GET', path: '/flows/{flowId}/submissions', query: ['order'] },
    actions: { csv: { method: 'GET', path: '/flows/{flowId}/submissions/csv' } },
  },
  fields: [{ source: 'createdAt', label: 'app.forms.answers.fields.createdAt', kind: 'date' }],
  views: {},
  refreshEvents: ['refreshflow'],
});

/** How often each option of a form was chosen, with the places left (extension `GET /flows/{flowId}/counts`). */
export const flowOptionCounts = defineResource<OptionCount>()({
  name: 'flowOptionCounts',
  label: { one: 'app.forms.counts.one', many: 'app.forms.counts.many' },
  api: { getList: { method: 'GET', path: '/flows/{flowId}/counts' } },
  fields: [
    { source: 'fieldLabel', label: 'app.forms.counts.fields.fieldLabel', kind: 'text' },
    { source: 'label', label: 'app.forms.counts.fields.label', kind: 'text' },
    { source: 'taken', label: 'app.forms.counts.fields.taken', kind: 'number' },
    { source: 'maxAnswers', label: 'app.forms.counts.fields.maxAnswers', kind: 'number', displayAs: places },
    { source: 'left', label: 'app.forms.counts.fields.left', kind: 'number', displayAs: placesLeft },
  ],
  views: {
    list: {
      title: 'app.forms.counts.title',
      columns: ['fieldLabel', 'label', 'taken', 'maxAnswers', 'left'].map((source) => ({
        source: source as keyof OptionCount & string,
        sortable: false,
      })),
      search: false,
      empty: 'app.forms.counts.empty',
    },
  },
});
