import type { OptionCount, Submission } from '@contract/forms';
import { unlimitedAnswers, unlimitedAnswersText } from '@contract/formRules';
import { defineResource } from '../../declarative/resourceDeclaration';

/** maxAnswers: 0 means unlimited (spec §9). */
const places = (value: unknown) => (value === unlimitedAnswers ? unlimitedAnswersText : String(value));
/** Places left: none for an unlimited option (null); 0 means full. */
const placesLeft = (value: unknown) =>
  value === null || value === undefined ? unlimitedAnswersText : String(value);

/** The answers of a form, newest first (extension `GET /flows/{flowId}/submissions`), and their CSV. */
export const flowSubmissions = defineResource<Submission>()({
  name: 'flowSubmissions',
  label: { one: 'Antwoord', many: 'Antwoorden' },
  api: {
    getList: { method: 'GET', path: '/flows/{flowId}/submissions', query: ['order'] },
    actions: { csv: { method: 'GET', path: '/flows/{flowId}/submissions/csv' } },
  },
  fields: [{ source: 'createdAt', label: 'Ingevuld op', kind: 'date' }],
  views: {},
  refreshEvents: ['refreshflow'],
});

/** How often each option of a form was chosen, with the places left (extension `GET /flows/{flowId}/counts`). */
export const flowOptionCounts = defineResource<OptionCount>()({
  name: 'flowOptionCounts',
  label: { one: 'Telling', many: 'Tellingen' },
  api: { getList: { method: 'GET', path: '/flows/{flowId}/counts' } },
  fields: [
    { source: 'fieldLabel', label: 'Vraag', kind: 'text' },
    { source: 'label', label: 'Optie', kind: 'text' },
    { source: 'taken', label: 'Gekozen', kind: 'number' },
    { source: 'maxAnswers', label: 'Maximum', kind: 'number', displayAs: places },
    { source: 'left', label: 'Plaatsen over', kind: 'number', displayAs: placesLeft },
  ],
  views: {
    list: {
      title: 'Keuzes',
      columns: ['fieldLabel', 'label', 'taken', 'maxAnswers', 'left'].map((source) => ({
        source: source as keyof OptionCount & string,
        sortable: false,
      })),
      search: false,
      empty: 'Dit formulier heeft geen keuzevragen.',
    },
  },
});
