import DynamicFormOutlinedIcon from '@mui/icons-material/DynamicFormOutlined';
import type { Flow, FlowDetail } from '@contract/forms';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { required } from 'react-admin';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { formatDateTime } from '../../i18n/dateFormat';
import { answersOfFlow, flowOptionCounts, flowSubmissions } from '../flowAnswers';
import { flowFields } from '../flowFields';

// Pages and panels load on first use, not with the login screen.
const FlowPublicAddress = lazyView(() => import('../../custom/forms/FlowPublicAddress'), 'FlowPublicAddress');

/**
 * Forms (spec §3 Form (flow), §7 POST/PUT /flows…): the table at /forms with 'Nieuw formulier', the
 * form's page at /forms/{id} with its public address and its questions in order, and its answers at
 * /forms/{id}/data (a named detail view: the counts per option and every submission, also as CSV).
 */
export const flows = defineResource<Flow, FlowDetail>()({
  name: 'flows',
  label: { one: 'app.forms.flows.one', many: 'app.forms.flows.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/flows' },
    getOne: { method: 'GET', path: '/flows/{id}' },
    // Answers the new id as a bare JSON string.
    create: { method: 'POST', path: '/flows', body: ['name', 'title', 'description'] },
    update: {
      method: 'PUT',
      path: '/flows/{id}',
      body: ['name', 'title', 'description', 'isClosed', 'closesAt'],
    },
    delete: { method: 'DELETE', path: '/flows/{id}' },
    // The server writes the file (a kept CSV library); the browser saves it.
    actions: { answersCsv: { method: 'GET', path: '/flows/{id}/submissions/csv' } },
  },
  fields: [
    {
      source: 'name',
      label: 'app.forms.flows.fields.name',
      kind: 'text',
      validate: required('app.forms.flows.required.name'),
      helperText: 'app.forms.flows.fields.name_help',
    },
    {
      source: 'title',
      label: 'app.forms.flows.fields.title',
      kind: 'text',
      helperText: 'app.forms.flows.fields.title_help',
    },
    { source: 'description', label: 'app.forms.flows.fields.description', kind: 'longText' },
    {
      source: 'isClosed',
      label: 'app.forms.flows.fields.isClosed',
      kind: 'boolean',
      helperText: 'app.forms.flows.fields.isClosed_help',
    },
    {
      source: 'closesAt',
      label: 'app.forms.flows.fields.closesAt',
      kind: 'dateTime',
      helperText: 'app.forms.flows.fields.closesAt_help',
      // The input gives the browser's local time without a zone; the server gets the moment itself.
      // Emptied, it is sent as null: the form then has no closing moment. Text that is no moment stays,
      // so the field names it.
      parse: (value) => {
        if (typeof value !== 'string' || value === '') return null;
        const moment = new Date(value);
        return Number.isNaN(moment.getTime()) ? value : moment.toISOString();
      },
    },
    {
      source: 'isOpen',
      label: 'app.forms.flows.fields.isOpen',
      kind: 'boolean',
    },
    { source: 'fieldCount', label: 'app.forms.flows.fields.fieldCount', kind: 'number' },
    { source: 'submissionCount', label: 'app.forms.flows.fields.submissionCount', kind: 'number' },
    { source: 'createdAt', label: 'app.forms.flows.fields.createdAt', kind: 'date' },
  ],
  views: {
    list: {
      title: 'app.forms.flows.title',
      columns: [
        'name',
        'title',
        { source: 'isOpen', sortable: false },
        { source: 'fieldCount', sortable: false },
        'submissionCount',
        'createdAt',
      ],
      sort: { field: 'name', order: 'ASC' },
      rowClick: 'show',
      empty: 'app.forms.flows.empty',
    },
    show: {
      back: { to: '/forms', label: 'app.forms.flows.back' },
      flags: [
        { label: 'app.forms.flows.open', when: (flow) => flow.isOpen, color: 'success' },
        { label: 'app.forms.flows.closed', when: (flow) => !flow.isOpen, color: 'warning' },
        {
          label: 'app.forms.flows.closes',
          when: (flow) => flow.isOpen && flow.closesAt !== null,
          values: (flow) => ({ moment: formatDateTime(flow.closesAt ?? 0) }),
          variant: 'outlined',
        },
      ],
      summary: [{ source: 'title' }],
      extra: FlowPublicAddress,
      actions: [
        { label: 'app.forms.flows.edit', icon: EditOutlinedIcon, form: 'edit' },
        {
          label: 'app.forms.flows.answers',
          icon: QuestionAnswerOutlinedIcon,
          to: (flow) => `/forms/${flow.id}/data`,
        },
        {
          label: 'app.forms.flows.delete',
          delete: {
            confirmTitle: 'app.forms.flows.delete_title',
            confirmContent: 'app.forms.flows.delete_content',
            successMessage: 'app.forms.flows.deleted',
            redirect: '/forms',
          },
        },
      ],
      sections: [{ table: flowFields, target: 'flowId' }],
      notFound: 'app.forms.flows.not_found',
      maxWidth: 1100,
    },
    details: {
      answers: {
        title: 'app.forms.answers.page_title',
        heading: 'app.forms.answers.heading',
        back: { to: '/forms/:id', label: 'app.forms.answers.back' },
        summary: [
          { label: 'app.forms.answers.count', values: (flow) => ({ smart_count: flow.submissionCount }) },
        ],
        actions: [
          {
            label: 'app.forms.answers.csv',
            icon: DownloadIcon,
            download: { action: 'answersCsv', fileName: (flow) => `antwoorden ${flow.name}.csv` },
          },
        ],
        sections: [
          { table: flowOptionCounts, target: 'flowId', title: 'app.forms.counts.title' },
          {
            table: flowSubmissions,
            target: 'flowId',
            title: 'app.forms.answers.submissions',
            adapt: (table, flow) => answersOfFlow(table, flow),
          },
        ],
        notFound: 'app.forms.flows.not_found',
        maxWidth: 1100,
      },
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newFlow',
      title: 'app.forms.flows.create',
      fields: ['name', 'title', 'description'],
      redirect: (flow) => `/forms/${flow.id}`,
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateFlow',
      title: 'app.forms.flows.edit',
      fields: ['name', 'title', 'description', 'isClosed', 'closesAt'],
    },
  },
  routes: { list: '/forms', show: '/forms/:id' },
  menu: { label: 'app.menu.forms', icon: DynamicFormOutlinedIcon, order: 40 },
  pages: [{ path: '/forms/:id/data', view: 'answers' }],
  invalidates: ['flowFields', 'flowSubmissions'],
  broadcasts: ['refreshflows', 'refreshflow'],
});
