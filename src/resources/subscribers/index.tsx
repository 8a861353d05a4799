import type { Subscriber } from '@contract/receivers';
import type { ConsentProof } from '@contract/signUp';
import { email, required } from 'react-admin';
import { AttributeInput } from '../../custom/receivers/subscribers/AttributeInput';
import { ResubscriptionHistory } from '../../custom/receivers/subscribers/ResubscriptionHistory';
import { UnsubscribedMark } from '../../custom/receivers/subscribers/UnsubscribedMark';
import type { FieldDeclaration } from '../../declarative/fieldDeclaration';
import { answers } from '../../declarative/apiMapping';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { attributeSources, recipientSources } from './recipientSources';

const ConsentProofs = lazyView(
  () => import('../../custom/receivers/subscribers/ConsentProofs'),
  'ConsentProofs',
);

const attributeFields = attributeSources.map(
  (source, index): FieldDeclaration<(typeof attributeSources)[number]> => ({
    source,
    label: `Attribuut ${index + 1}`,
    kind: 'text',
    // Shown only for the labels the list has set, labelled with them.
    input: AttributeInput,
  }),
);

/**
 * The subscribers of a manual list (spec §3 Subscriber, §7 POST/PUT /list/manual/{listId}/subscriber…),
 * shown on the list page: paged and searched at the server, the panels for a new subscriber (with the
 * consent note) and for updating one, and a confirmed delete. `listId` comes from the table's filter.
 */
export const subscribers = defineResource<Subscriber>()({
  name: 'subscribers',
  label: { one: 'app.receivers.subscribers.one', many: 'app.receivers.subscribers.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/list/manual/{listId}/subscribers' },
    getOne: { method: 'GET', path: '/list/manual/{listId}/subscriber/{id}' },
    create: { method: 'POST', path: '/list/manual/{listId}/subscriber', body: recipientSources },
    update: { method: 'PUT', path: '/list/manual/{listId}/subscriber/{id}', body: recipientSources },
    delete: { method: 'DELETE', path: '/list/manual/{listId}/subscriber/{id}' },
    actions: {
      // How the subscription's consent was given: sign-up form (with the text's version), import or staff.
      consentProofs: answers<ConsentProof[]>({
        method: 'GET',
        path: '/list/manual/{listId}/subscriber/{id}/consentproofs',
      }),
    },
  },
  fields: [
    {
      source: 'name',
      label: 'app.receivers.subscribers.fields.name',
      kind: 'text',
      validate: required('app.receivers.required.recipient_name'),
    },
    {
      source: 'email',
      label: 'app.receivers.subscribers.fields.email',
      kind: 'email',
      validate: [required('app.receivers.required.recipient_email'), email()],
    },
    {
      source: 'isOrganization',
      label: 'app.receivers.subscribers.fields.isOrganization',
      kind: 'choice',
      display: 'radio',
      choices: [
        { id: false, name: 'app.receivers.subscribers.kind.person' },
        { id: true, name: 'app.receivers.subscribers.kind.organization' },
      ],
      defaultValue: false,
    },
    { source: 'initials', label: 'app.receivers.subscribers.fields.initials', kind: 'text' },
    { source: 'firstName', label: 'app.receivers.subscribers.fields.firstName', kind: 'text' },
    { source: 'middleName', label: 'app.receivers.subscribers.fields.middleName', kind: 'text' },
    { source: 'lastName', label: 'app.receivers.subscribers.fields.lastName', kind: 'text' },
    { source: 'phoneNumber', label: 'app.receivers.subscribers.fields.phoneNumber', kind: 'text' },
    { source: 'address', label: 'app.receivers.subscribers.fields.address', kind: 'text' },
    { source: 'postalCode', label: 'app.receivers.subscribers.fields.postalCode', kind: 'text' },
    { source: 'city', label: 'app.receivers.subscribers.fields.city', kind: 'text' },
    { source: 'country', label: 'app.receivers.subscribers.fields.country', kind: 'text' },
    ...attributeFields,
    {
      // Read only: the global unsubscribes the address undid itself (only it can; preference page).
      source: 'resubscriptions',
      label: 'app.receivers.subscribers.fields.resubscriptions',
      kind: 'text',
      input: ResubscriptionHistory,
    },
  ],
  views: {
    list: {
      title: 'app.receivers.subscribers.many',
      columns: [
        'name',
        {
          source: 'email',
          render: (subscriber) => <UnsubscribedMark subscriber={subscriber} />,
          // On a phone the address stands under the name: a long one beside it made the table wider than its card.
          phoneUnder: 'name',
        },
        'city',
        { source: 'isOrganization', sortable: false },
      ],
      phoneColumns: ['name'],
      sort: { field: 'name', order: 'ASC' },
      rowClick: 'edit',
      delete: { confirmContent: 'app.receivers.subscribers.delete_confirm' },
      empty: 'app.receivers.subscribers.empty',
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newSubscriber',
      title: 'app.receivers.subscribers.create',
      description: 'app.receivers.subscribers.consent',
      fields: recipientSources,
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'updateSubscriber',
      title: 'app.receivers.subscribers.edit',
      fields: [...recipientSources, 'resubscriptions'],
      sections: [{ component: ConsentProofs }],
    },
  },
  invalidates: ['lists', 'audiences'],
  broadcasts: ['refreshSubscribers', 'refreshlist'],
});
