import type { Unsubscriber } from '@contract/receivers';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { email, required } from 'react-admin';
import { readSession } from '../../authProvider/session';
import { RemoveUnsubscriberButton } from '../../custom/receivers/unsubscribers/RemoveUnsubscriberButton';
import { UnsubscriberCause } from '../../custom/receivers/unsubscribers/UnsubscriberCause';
import { UnsubscriberEmailInput } from '../../custom/receivers/unsubscribers/UnsubscriberEmailInput';
import { defineResource } from '../../declarative/resourceDeclaration';
import { trimmed } from '../../declarative/trimmed';

/** Who removes an unsubscription: the signed-in user (the server keeps it with the reason). */
function signedInUser(): string | undefined {
  const session = readSession();
  return session.userEmail ?? session.userName;
}

/**
 * Global unsubscribers (spec §3 Unsubscriber, §7 POST /unsubscribers, DELETE /unsubscribers/{id}): the
 * table at /recievers/unsubscribers/ (with the cause: addresses that bounce or complained are here too), the 'Nieuwe uitschrijver' panel and the removal panel, which asks
 * for a reason and states that only the unsubscriber may undo a global unsubscribe.
 */
export const unsubscribers = defineResource<Unsubscriber>()({
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
      // In the table the address is the row's button that opens the removal panel, not a mailto link.
      kind: 'email',
      validate: [required('app.receivers.required.email'), email()],
      input: UnsubscriberEmailInput,
    },
    { source: 'createdAt', label: 'app.receivers.unsubscribers.fields.createdAt', kind: 'date' },
    // Set by the server: 'Afgemeld', or 'Onbestelbaar' / 'Klacht' with the bounce or complaint behind it.
    { source: 'cause', label: 'app.receivers.unsubscribers.fields.cause', kind: 'text' },
  ],
  views: {
    list: {
      title: 'app.receivers.unsubscribers.title',
      columns: [
        'email',
        'createdAt',
        {
          source: 'cause',
          label: 'app.receivers.unsubscribers.fields.cause',
          sortable: false,
          render: (unsubscriber) => <UnsubscriberCause unsubscriber={unsubscriber} />,
          // Staff still see on a phone whether it bounced or unsubscribed: a third column would push
          // the removal button off the screen.
          phoneUnder: 'email',
        },
        {
          source: 'id',
          label: ' ',
          sortable: false,
          render: (unsubscriber) => <RemoveUnsubscriberButton unsubscriber={unsubscriber} />,
        },
      ],
      // The removal button is this table's action: it stays on a phone.
      phoneColumns: ['email', 'id'],
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
    // The row click opens the removal panel (spec §2, §5, §6: 'Remove global unsubscriber'): it names
    // the address, says only the unsubscriber can undo a global unsubscribe, and requires a reason.
    edit: {
      as: 'slideOver',
      slideOverType: 'removeGlobalUnsubscriber',
      title: 'app.receivers.unsubscribers.remove',
      description: '%{email}',
      notice: 'app.receivers.unsubscribers.remove_notice',
      fields: [
        {
          source: 'reason',
          label: 'app.receivers.unsubscribers.fields.reason',
          kind: 'longText',
          defaultValue: '',
          validate: required('app.receivers.required.reason'),
        },
      ],
      transform: ({ reason }) => ({ reason: trimmed(reason), removedBy: signedInUser() }),
      save: { action: 'remove' },
      submitLabel: 'app.receivers.unsubscribers.remove_submit',
      submitColor: 'error',
      submitIcon: <DeleteOutlineIcon />,
      successMessage: 'app.receivers.unsubscribers.removed',
    },
  },
  routes: { list: '/recievers/unsubscribers/' },
  invalidates: ['subscribers', 'audiences'],
  broadcasts: ['refreshUnsubscribers'],
});
