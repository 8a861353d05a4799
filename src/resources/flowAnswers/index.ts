import type { FlowDetail, OptionCount, Submission } from '@contract/forms';
import { defineResource, type ResourceDeclaration } from '../../declarative/resourceDeclaration';
import type { TableView } from '../../declarative/viewDeclaration';

import { places, placesLeft } from '../fieldOptions/places';

/**
 * The answers of a form, newest first (extension `GET /flows/{flowId}/submissions`, the server's own
 * order): shown on the form's answers view, a column per question (`answersOfFlow`).
 */
export const flowSubmissions = defineResource<Submission>()({
  name: 'flowSubmissions',
  label: { one: 'app.forms.answers.one', many: 'app.forms.answers.many' },
  api: { getList: { method: 'GET', path: '/flows/{flowId}/submissions' } },
  fields: [{ source: 'createdAt', label: 'app.forms.answers.fields.createdAt', kind: 'dateTime' }],
  views: {
    list: {
      title: 'app.forms.answers.submissions',
      columns: [{ source: 'createdAt', sortable: false }],
      search: false,
      empty: 'app.forms.answers.none',
    },
  },
});

/** The submissions table of one form: after the moment, a column per question with the answer given. */
export function answersOfFlow(submissions: ResourceDeclaration, flow: FlowDetail): ResourceDeclaration {
  const view = submissions.views.list as TableView<Submission>;
  const questionColumns = flow.fields.map((question) => ({
    source: `answer:${question.id}`,
    label: question.label,
    sortable: false,
    render: (submission: Submission) =>
      submission.answers.find((answer) => answer.fieldId === question.id)?.value ?? '',
  }));
  return {
    ...submissions,
    views: { ...submissions.views, list: { ...view, columns: [...view.columns, ...questionColumns] } },
  } as ResourceDeclaration;
}

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
