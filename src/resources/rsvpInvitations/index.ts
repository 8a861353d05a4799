import type { RsvpSettingsRecord } from '@contract/rsvp';
import { maxGuestsLimit, maxReminderDays } from '@contract/rsvp';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { maxLength, maxValue, minValue, required } from 'react-admin';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { rsvpInvitees } from '../rsvpInvitees';
import { answers } from '../../declarative/apiMapping';
import type { RsvpSummary } from '@contract/rsvp';

const RsvpTiles = lazyView(() => import('../../custom/rsvp/RsvpTiles'), 'RsvpTiles');

/** A moment typed in the form as it is sent: ISO, or null when left empty. */
const moment = (value: unknown) => (value ? new Date(String(value)).toISOString() : null);
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** A number of days, or null for an empty field (the reminder is off). */
const optionalDays = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** The invitation's settings: the 'Instellingen' panel edits them all and its save sends them all. */
const settings = [
  'enabled',
  'title',
  'startsAt',
  'endsAt',
  'location',
  'onlineUrl',
  'places',
  'maxGuests',
  'deadline',
  'allowMaybe',
  'waitingList',
  'reminderDays',
  'eventReminderDays',
  'formId',
  'cancelled',
] as const satisfies readonly (keyof RsvpSettingsRecord)[];

/**
 * /publications/{id}/rsvp: a publication's invitation (extension GET/PUT /publications/{id}/rsvp). The
 * page shows the counts as tiles, the invitees' table with the staff change of an answer, the CSV export
 * and the settings ('Instellingen': event, places, guests, deadline, Misschien, waiting list, cancel).
 */
export const rsvpInvitations = defineResource<RsvpSettingsRecord>()({
  name: 'rsvpInvitations',
  label: { one: 'app.rsvp.one', many: 'app.rsvp.many' },
  recordRepresentation: 'title',
  api: {
    getOne: { method: 'GET', path: '/publications/{id}/rsvp' },
    update: {
      method: 'PUT',
      path: '/publications/{id}/rsvp',
      body: settings,
    },
    actions: {
      summary: answers<RsvpSummary>({ method: 'GET', path: '/publications/{id}/rsvp/summary' }),
      csv: { method: 'GET', path: '/publications/{id}/rsvp/invitees/csv' },
    },
  },
  fields: [
    {
      source: 'enabled',
      label: 'app.rsvp.fields.enabled',
      kind: 'boolean',
      helperText: 'app.rsvp.fields.enabled_help',
    },
    {
      source: 'title',
      label: 'app.rsvp.fields.title',
      kind: 'text',
      validate: [required('app.rsvp.validation.title_required'), maxLength(200)],
    },
    {
      source: 'startsAt',
      label: 'app.rsvp.fields.startsAt',
      kind: 'dateTime',
      validate: required('app.rsvp.validation.moment_required'),
    },
    {
      source: 'endsAt',
      label: 'app.rsvp.fields.endsAt',
      kind: 'dateTime',
      validate: required('app.rsvp.validation.moment_required'),
    },
    { source: 'location', label: 'app.rsvp.fields.location', kind: 'text', validate: maxLength(300) },
    { source: 'onlineUrl', label: 'app.rsvp.fields.onlineUrl', kind: 'url', validate: maxLength(500) },
    {
      source: 'places',
      label: 'app.rsvp.fields.places',
      kind: 'number',
      helperText: 'app.rsvp.fields.places_help',
      validate: [required(), minValue(0)],
    },
    {
      source: 'maxGuests',
      label: 'app.rsvp.fields.maxGuests',
      kind: 'number',
      validate: [required(), minValue(0), maxValue(maxGuestsLimit)],
    },
    {
      source: 'deadline',
      label: 'app.rsvp.fields.deadline',
      kind: 'dateTime',
      helperText: 'app.rsvp.fields.deadline_help',
    },
    { source: 'allowMaybe', label: 'app.rsvp.fields.allowMaybe', kind: 'boolean' },
    { source: 'waitingList', label: 'app.rsvp.fields.waitingList', kind: 'boolean' },
    {
      source: 'reminderDays',
      label: 'app.rsvp.fields.reminderDays',
      kind: 'number',
      helperText: 'app.rsvp.fields.reminderDays_help',
      validate: [minValue(1), maxValue(maxReminderDays)],
    },
    {
      source: 'eventReminderDays',
      label: 'app.rsvp.fields.eventReminderDays',
      kind: 'number',
      helperText: 'app.rsvp.fields.eventReminderDays_help',
      validate: [minValue(1), maxValue(maxReminderDays)],
    },
    {
      source: 'formId',
      label: 'app.rsvp.fields.formId',
      kind: 'reference',
      reference: 'flows',
      optionText: 'name',
      sort: { field: 'name', order: 'ASC' },
      helperText: 'app.rsvp.fields.formId_help',
    },
    {
      source: 'cancelled',
      label: 'app.rsvp.fields.cancelled',
      kind: 'boolean',
      helperText: 'app.rsvp.fields.cancelled_help',
    },
  ],
  views: {
    show: {
      back: { to: '/publications/:id', label: 'app.rsvp.page.back' },
      pageTitle: 'app.rsvp.page.title',
      flags: [
        {
          label: 'app.rsvp.page.on',
          when: (invitation) => invitation.enabled && !invitation.cancelled,
          color: 'success',
        },
        { label: 'app.rsvp.page.off', when: (invitation) => !invitation.enabled },
        { label: 'app.rsvp.page.cancelled', when: (invitation) => invitation.cancelled, color: 'error' },
      ],
      notice: (invitation) => (invitation.enabled ? undefined : 'app.rsvp.page.off_notice'),
      actions: [
        { label: 'app.rsvp.page.settings', icon: SettingsOutlinedIcon, variant: 'contained', form: 'edit' },
        {
          label: 'app.rsvp.page.csv',
          icon: DownloadOutlinedIcon,
          download: { action: 'csv', fileName: () => 'aanmeldingen.csv' },
        },
      ],
      extra: RsvpTiles,
      sections: [{ table: rsvpInvitees, target: 'publicationId', title: 'app.rsvp.invitees.many' }],
      notFound: 'app.rsvp.page.not_found',
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'rsvpSettings',
      title: 'app.rsvp.settings.title',
      description: 'app.rsvp.settings.description',
      fields: settings,
      transform: (values) => ({
        ...values,
        startsAt: moment(values.startsAt),
        endsAt: moment(values.endsAt),
        deadline: moment(values.deadline),
        location: optionalText(values.location),
        onlineUrl: optionalText(values.onlineUrl),
        places: Number(values.places ?? 0),
        maxGuests: Number(values.maxGuests ?? 0),
        formId: values.formId || null,
        reminderDays: optionalDays(values.reminderDays),
        eventReminderDays: optionalDays(values.eventReminderDays),
      }),
      successMessage: 'app.rsvp.settings.saved',
    },
  },
  routes: { show: '/publications/:id/rsvp' },
});
