import type { Person, PersonMatch } from '@contract/privacy';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import { required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { validateTyped } from '../../declarative/typedConfirmation';

/** The server's name for the file (routes/privacy.ts): the address with '@' and the like as dashes. */
const fileName = (person: Person, extension: string) =>
  `gegevens-${person.email.replace(/[^a-z0-9.-]+/gi, '-')}.${extension}`;

/**
 * A person ('Persoon', under Ontvangers; AVG art. 15 and 17): found by (part of) their e-mail address at
 * /recievers/persons/, their page shows everything the environment holds on the address, part by part as
 * the server declares them (privacy/personTables.ts). 'Exporteren' downloads it as JSON or as a readable
 * page; 'Wissen' erases it after the address is typed again. The record's id is the address itself.
 */
export const persons = defineResource<PersonMatch, Person>()({
  name: 'persons',
  label: { one: 'app.privacy.persons.one', many: 'app.privacy.persons.many' },
  recordRepresentation: 'email',
  api: {
    getList: { method: 'GET', path: '/persons' },
    getOne: { method: 'GET', path: '/person', query: { email: 'id' } },
    actions: {
      exportJson: { method: 'GET', path: '/person/export.json', query: { email: 'id' } },
      exportHtml: { method: 'GET', path: '/person/export.html', query: { email: 'id' } },
      erase: { method: 'POST', path: '/person/erase', body: { email: 'id', confirmation: 'confirmation' } },
    },
  },
  fields: [
    {
      source: 'email',
      label: 'app.privacy.persons.fields.email',
      kind: 'text',
      // One long word: it wraps anywhere, so the table fits a phone.
      displayAs: (email) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {String(email)}
        </Box>
      ),
    },
  ],
  views: {
    list: {
      title: 'app.privacy.persons.title',
      columns: [{ source: 'email', sortable: false }],
      rowClick: 'show',
      empty: 'app.privacy.persons.empty',
    },
    show: {
      back: { to: '/recievers/persons/', label: 'app.privacy.persons.back' },
      pageTitle: 'app.privacy.persons.one',
      summary: [
        { label: 'app.privacy.persons.summary', values: (person) => ({ environment: person.environment }) },
      ],
      actions: [
        {
          label: 'app.privacy.persons.export_json',
          icon: FileDownloadOutlinedIcon,
          download: { action: 'exportJson', fileName: (person) => fileName(person, 'json') },
        },
        {
          label: 'app.privacy.persons.export_html',
          icon: FileDownloadOutlinedIcon,
          download: { action: 'exportHtml', fileName: (person) => fileName(person, 'html') },
        },
        { label: 'app.privacy.persons.erase', icon: DeleteForeverOutlinedIcon, form: 'erase' },
      ],
      sections: [
        {
          groups: (person) =>
            person.parts.map((part) => ({
              title: part.label,
              columns: part.shown,
              rows: part.rows,
              empty: part.empty,
            })),
        },
      ],
      notFound: 'app.privacy.persons.not_found',
      maxWidth: 1100,
    },
    forms: {
      erase: {
        as: 'slideOver',
        slideOverType: 'erasePerson',
        title: 'app.privacy.persons.erase_title',
        description: 'app.privacy.persons.erase_intro',
        notice: 'app.privacy.persons.erase_notice',
        fields: [
          {
            source: 'confirmation',
            label: 'app.privacy.persons.fields.confirmation',
            helperText: 'app.privacy.persons.erase_help',
            kind: 'text',
            defaultValue: '',
            validate: [
              required('app.privacy.persons.erase_required'),
              validateTyped((values) => ({
                expected: String(values.email ?? ''),
                message: 'app.privacy.persons.erase_mismatch',
                ignoreCase: true,
              })),
            ],
          },
        ],
        save: { action: 'erase' },
        submitLabel: 'app.privacy.persons.erase_submit',
        submitColor: 'error',
        submitIcon: <DeleteForeverOutlinedIcon />,
        successMessage: 'app.privacy.persons.erased',
        redirect: () => '/recievers/persons/',
      },
    },
  },
  routes: { list: '/recievers/persons/', show: '/recievers/persons/:id' },
  // Erasing removes the person from lists, unsubscribers, invitations and journeys.
  invalidates: ['lists', 'subscribers', 'unsubscribers', 'audiences', 'rsvpInvitees'],
});
