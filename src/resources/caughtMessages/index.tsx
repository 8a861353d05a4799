import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import type { CaughtMessage, CaughtMessageSummary } from '@contract/mail';
import Box from '@mui/material/Box';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';

const CaughtMessageContent = lazyView(
  () => import('../../custom/mail/CaughtMessageContent'),
  'CaughtMessageContent',
);

/**
 * What the embedded mail catcher received for this environment (a test installation: no SMTP_URL, not in
 * production): the table at /mail/, newest first, and a message's page with its headers, text and HTML.
 * The menu shows the entry only when the server says its catcher is on.
 */
export const caughtMessages = defineResource<CaughtMessageSummary, CaughtMessage>()({
  name: 'caughtMessages',
  label: { one: 'app.mail.one', many: 'app.mail.many' },
  recordRepresentation: 'subject',
  api: {
    getList: { method: 'GET', path: '/mail-catcher/messages' },
    getOne: { method: 'GET', path: '/mail-catcher/messages/{id}' },
  },
  fields: [
    // An address is one long word: it wraps anywhere, so the table fits a phone without scrolling sideways.
    {
      source: 'to',
      label: 'app.mail.fields.to',
      kind: 'text',
      displayAs: (to) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {String(to)}
        </Box>
      ),
    },
    { source: 'from', label: 'app.mail.fields.from', kind: 'text' },
    { source: 'subject', label: 'app.mail.fields.subject', kind: 'text' },
    { source: 'receivedAt', label: 'app.mail.fields.receivedAt', kind: 'dateTime' },
  ],
  views: {
    list: {
      title: 'app.mail.title',
      // The catcher keeps files in arrival order: newest first, no other order; the search finds a
      // message by its recipient or subject.
      columns: [
        { source: 'to', sortable: false },
        { source: 'subject', sortable: false },
        { source: 'receivedAt', sortable: false },
      ],
      rowClick: 'show',
      empty: 'app.mail.empty',
    },
    show: {
      back: { to: '/mail/', label: 'app.mail.back' },
      pageTitle: 'app.mail.title',
      summary: [{ source: 'to' }, { source: 'from' }],
      sections: [{ component: CaughtMessageContent }],
      notFound: 'app.mail.not_found',
      maxWidth: 1100,
    },
  },
  routes: { list: '/mail/', show: '/mail/:id' },
  menu: {
    label: 'app.menu.mail',
    icon: MarkEmailReadOutlinedIcon,
    order: 10,
    pinned: true,
    shownWhen: 'mailCatcher',
  },
});
