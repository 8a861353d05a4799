import type { Flow, FlowDetail } from '@contract/forms';
import { flowFieldNames, requiredFieldMessage } from '@contract/formRules';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { required } from 'react-admin';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { flowFields } from '../flowFields';

// Pages and panels load on first use, not with the login screen.
const FlowPublicAddress = lazyView(() => import('../../custom/forms/FlowPublicAddress'), 'FlowPublicAddress');
const FlowAnswersPage = lazyView(() => import('../../custom/forms/FlowAnswersPage'), 'FlowAnswersPage');

/**
 * Forms (spec §3 Form (flow), §7 POST/PUT /flows…): the table at /forms with 'Nieuw formulier', the
 * form's page at /forms/{id} with its public address and its questions in order, and its answers at
 * /forms/{id}/data (the one custom page of the area).
 */
export const flows = defineResource<Flow, FlowDetail>()({
  name: 'flows',
  label: { one: 'Formulier', many: 'Formulieren' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/flows' },
    getOne: { method: 'GET', path: '/flows/{id}' },
    // Answers the new id as a bare JSON string.
    create: { method: 'POST', path: '/flows', body: ['name', 'title', 'description'] },
    update: { method: 'PUT', path: '/flows/{id}', body: ['name', 'title', 'description'] },
    delete: { method: 'DELETE', path: '/flows/{id}' },
  },
  fields: [
    {
      source: 'name',
      label: flowFieldNames.name,
      kind: 'text',
      validate: required(requiredFieldMessage(flowFieldNames.name)),
      helperText: 'Alleen voor jou en je collega’s',
    },
    {
      source: 'title',
      label: flowFieldNames.title,
      kind: 'text',
      helperText: 'Boven het formulier op de openbare pagina',
    },
    { source: 'description', label: flowFieldNames.description, kind: 'longText' },
    { source: 'fieldCount', label: 'Vragen', kind: 'number' },
    { source: 'submissionCount', label: 'Antwoorden', kind: 'number' },
    { source: 'createdAt', label: 'Aangemaakt op', kind: 'date' },
  ],
  views: {
    list: {
      title: 'Formulieren',
      columns: ['name', 'title', { source: 'fieldCount', sortable: false }, 'submissionCount', 'createdAt'],
      sort: { field: 'name', order: 'ASC' },
      rowClick: 'show',
      empty: 'Er zijn nog geen formulieren. Maak er een met Nieuw formulier.',
    },
    show: {
      back: { to: '/forms', label: 'Alle formulieren' },
      summary: [{ source: 'title' }],
      extra: FlowPublicAddress,
      actions: [
        { label: 'Formulier aanpassen', icon: EditOutlinedIcon, form: 'edit' },
        { label: 'Antwoorden', icon: QuestionAnswerOutlinedIcon, to: (flow) => `/forms/${flow.id}/data` },
        {
          label: 'Verwijderen',
          delete: {
            confirmTitle: 'Formulier %{recordRepresentation} verwijderen?',
            confirmContent:
              'Ook de vragen, opties en antwoorden worden verwijderd. Dit kun je niet ongedaan maken.',
            successMessage: 'Formulier %{recordRepresentation} is verwijderd.',
            redirect: '/forms',
          },
        },
      ],
      sections: [{ table: flowFields, target: 'flowId' }],
      notFound: 'Dit formulier bestaat niet (meer).',
      refreshEvents: ['refreshflowfield'],
      maxWidth: 1100,
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newFlow',
      title: 'Nieuw formulier',
      fields: ['name', 'title', 'description'],
      redirect: (flow) => `/forms/${flow.id}`,
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateFlow',
      title: 'Formulier aanpassen',
      fields: ['name', 'title', 'description'],
    },
  },
  routes: { list: '/forms', show: '/forms/:id' },
  pages: [{ path: '/forms/:id/data', component: FlowAnswersPage }],
  refreshEvents: ['refreshflows', 'refreshflow'],
});
