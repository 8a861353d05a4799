import type { Unsubscriber } from '@contract/receivers';
import { email, required } from 'react-admin';
import { RemoveUnsubscriberButton } from '../../custom/receivers/unsubscribers/RemoveUnsubscriberButton';
import { UnsubscriberEmailInput } from '../../custom/receivers/unsubscribers/UnsubscriberEmailInput';
import { defineResource } from '../../declarative/resourceDeclaration';
import { lazyView } from '../../declarative/lazyView';

// Pages and panels load on first use, not with the login screen.
const RemoveUnsubscriberSlideOver = lazyView(
  () => import('../../custom/receivers/unsubscribers/RemoveUnsubscriberSlideOver'),
  'RemoveUnsubscriberSlideOver',
);

/**
 * Global unsubscribers (spec §3 Unsubscriber, §7 POST /unsubscribers, DELETE /unsubscribers/{id}): the
 * table at /recievers/unsubscribers/, the 'Nieuwe uitschrijver' panel and the removal panel, which asks
 * for a reason and states that only the unsubscriber may undo a global unsubscribe.
 */
export const unsubscribers = defineResource<Unsubscriber>({
  name: 'unsubscribers',
  label: { one: 'app.receivers.unsubscribers.one', many: 'app.receivers.unsubscribers.many' },
  recordRepresentation: 'email',
  api: {
    getList: { method: 'GET', path: '/unsubscribers' },
    create: { method: 'POST', path: '/unsubscribers', query: ['email'] },
    actions: {
      remove: { method: 'DELETE', path: '/unsubscribers/{id}', body: ['reason', 'removedBy'] },
    },
  },
  fields: [
    {
      source: 'email',
      label: 'app.receivers.unsubscribers.fields.email',
      // Plain text in the table (a row click opens the removal panel, not the mail program);
      // the input is of type email all the same.
      kind: 'text',
      validate: [required('app.receivers.required.email'), email()],
      input: UnsubscriberEmailInput,
    },
    { source: 'createdAt', label: 'app.receivers.unsubscribers.fields.createdAt', kind: 'date' },
  ],
  views: {
    list: {
      title: 'app.receivers.unsubscribers.title',
      columns: [
        'email',
        'createdAt',
        {
          source: 'id',
          label: ' ',
          sortable: false,
          render: (unsubscriber) => <RemoveUnsubscriberButton unsubscriber={unsubscriber} />,
        },
      ],
      sort: { field: 'createdAt', order: 'DESC' },
      rowClick: 'edit',
      empty: 'app.receivers.unsubscribers.empty',
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newUnsubscriber',
      title: 'app.receivers.unsubscribers.create',
      description: 'app.receivers.unsubscribers.create_intro',
      fields: ['email'],
    },
    // The row click opens the removal panel (spec: 'Remove global unsubscriber').
    edit: {
      as: 'slideOver',
      slideOverType: 'removeGlobalUnsubscriber',
      title: 'app.receivers.unsubscribers.remove',
      component: RemoveUnsubscriberSlideOver,
    },
  },
  routes: { list: '/recievers/unsubscribers/' },
  refreshEvents: ['refreshUnsubscribers'],
  invalidates: ['subscribers', 'audiences'],
});
