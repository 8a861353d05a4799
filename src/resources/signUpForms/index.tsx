import type { SignUpForm } from '@contract/signUp';
import { signUpFieldLabels, signUpFieldNames } from '@contract/signUp';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { required } from 'react-admin';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';

const SignUpFormAddress = lazyView(
  () => import('../../custom/signUpForms/SignUpFormAddress'),
  'SignUpFormAddress',
);
const SignUpFormSnippet = lazyView(
  () => import('../../custom/signUpForms/SignUpFormSnippet'),
  'SignUpFormSnippet',
);

const fieldChoices = signUpFieldNames.map((name) => ({ id: name, name: signUpFieldLabels[name] }));

const formFields = [
  'name',
  'listIds',
  'askedFields',
  'requiredFields',
  'consentText',
  'confirmationSubject',
  'confirmationText',
  'confirmedText',
] as const;

const atLeastOne = (message: string) => (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : message;

/**
 * Sign-up forms ('Aanmeldformulieren', under Ontvangers; issue 38): the table at /recievers/signupforms/,
 * the form's page with its hosted address and the HTML snippet to copy, and the panels to create and
 * change one. The lists to choose from are the environment's public lists.
 */
export const signUpForms = defineResource<SignUpForm>()({
  name: 'signUpForms',
  label: { one: 'app.signUpForms.one', many: 'app.signUpForms.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/signupforms' },
    getOne: { method: 'GET', path: '/signupforms/{id}' },
    create: { method: 'POST', path: '/signupforms', body: formFields },
    update: { method: 'PUT', path: '/signupforms/{id}', body: formFields },
    delete: { method: 'DELETE', path: '/signupforms/{id}' },
  },
  fields: [
    {
      source: 'name',
      label: 'app.signUpForms.fields.name',
      kind: 'text',
      validate: required('app.signUpForms.required.name'),
    },
    {
      source: 'listIds',
      label: 'app.signUpForms.fields.listIds',
      kind: 'reference',
      reference: 'lists',
      optionText: 'title',
      multiple: true,
      filter: { isDeleted: false, isPublic: true },
      sort: { field: 'title', order: 'ASC' },
      empty: 'app.signUpForms.no_public_lists',
      validate: atLeastOne('app.signUpForms.required.lists'),
      defaultValue: [],
    },
    {
      source: 'askedFields',
      label: 'app.signUpForms.fields.askedFields',
      kind: 'choice',
      multiple: true,
      choices: fieldChoices,
      defaultValue: ['firstName', 'lastName'],
    },
    {
      source: 'requiredFields',
      label: 'app.signUpForms.fields.requiredFields',
      kind: 'choice',
      multiple: true,
      choices: fieldChoices,
      helperText: 'app.signUpForms.helper.requiredFields',
      defaultValue: [],
    },
    {
      source: 'consentText',
      label: 'app.signUpForms.fields.consentText',
      kind: 'longText',
      helperText: 'app.signUpForms.helper.consentText',
      validate: required('app.signUpForms.required.consentText'),
      defaultValue: 'Ik wil de gekozen nieuwsbrieven per e-mail ontvangen. Ik kan me altijd weer afmelden.',
    },
    {
      source: 'confirmationSubject',
      label: 'app.signUpForms.fields.confirmationSubject',
      kind: 'text',
      validate: required('app.signUpForms.required.confirmationSubject'),
      defaultValue: 'Bevestig je aanmelding',
    },
    {
      source: 'confirmationText',
      label: 'app.signUpForms.fields.confirmationText',
      kind: 'longText',
      validate: required('app.signUpForms.required.confirmationText'),
      defaultValue: 'Bedankt voor je aanmelding. Klik op de link hieronder om je aanmelding te bevestigen.',
    },
    {
      source: 'confirmedText',
      label: 'app.signUpForms.fields.confirmedText',
      kind: 'longText',
      validate: required('app.signUpForms.required.confirmedText'),
      defaultValue: 'Je aanmelding is bevestigd. Je ontvangt voortaan de gekozen nieuwsbrieven.',
    },
    { source: 'consentVersion', label: 'app.signUpForms.fields.consentVersion', kind: 'number' },
    { source: 'updatedAt', label: 'app.signUpForms.fields.updatedAt', kind: 'date' },
  ],
  views: {
    list: {
      title: 'app.signUpForms.title',
      columns: [
        'name',
        { source: 'consentVersion', sortable: false },
        { source: 'updatedAt', sortable: false },
      ],
      rowClick: 'show',
      delete: { confirmContent: 'app.signUpForms.delete_confirm' },
      empty: 'app.signUpForms.empty',
    },
    show: {
      back: { to: '/recievers/signupforms/', label: 'app.signUpForms.page.back' },
      flags: [
        {
          label: 'app.signUpForms.page.version',
          values: (form) => ({ version: form.consentVersion }),
          variant: 'outlined',
        },
      ],
      extra: SignUpFormAddress,
      actions: [{ label: 'app.signUpForms.edit', icon: EditOutlinedIcon, form: 'edit' }],
      sections: [{ component: SignUpFormSnippet }],
      notFound: 'app.signUpForms.page.not_found',
      maxWidth: 1100,
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newSignUpForm',
      title: 'app.signUpForms.create',
      description: 'app.signUpForms.create_intro',
      fields: formFields,
      redirect: (form) => `/recievers/signupforms/${form.id}`,
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateSignUpForm',
      title: 'app.signUpForms.edit',
      fields: formFields,
    },
  },
  routes: { list: '/recievers/signupforms/', show: '/recievers/signupforms/:id' },
});
