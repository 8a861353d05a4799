import type { RsvpInvitee } from '@contract/rsvp';
import { maxValue, minValue, required } from 'react-admin';
import { maxGuestsLimit, questionAnswersText } from '@contract/rsvp';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * The invitees of an invitation with their answers (extension GET /publications/{id}/rsvp/invitees), the
 * table on the RSVP page: searched by name or address, filtered by answer; a click opens the staff change of the answer
 * (PUT …/invitees/{inviteeId}, logged as 'medewerker'), after which the tiles count again.
 */
export const rsvpInvitees = defineResource<RsvpInvitee>()({
  name: 'rsvpInvitees',
  label: { one: 'app.rsvp.invitees.one', many: 'app.rsvp.invitees.many' },
  recordRepresentation: 'email',
  parent: { resource: 'rsvpInvitations', param: 'publicationId' },
  api: {
    getList: { method: 'GET', path: '/publications/{publicationId}/rsvp/invitees', query: ['answer'] },
    update: {
      method: 'PUT',
      path: '/publications/{publicationId}/rsvp/invitees/{id}',
      body: ['answer', 'guests'],
    },
  },
  fields: [
    { source: 'name', label: 'app.rsvp.invitees.fields.name', kind: 'text' },
    { source: 'email', label: 'app.rsvp.invitees.fields.email', kind: 'text' },
    {
      source: 'answer',
      label: 'app.rsvp.invitees.fields.answer',
      kind: 'choice',
      display: 'radio',
      choices: [
        { id: 'Ja', name: 'app.rsvp.answers.yes' },
        { id: 'Misschien', name: 'app.rsvp.answers.maybe' },
        { id: 'Nee', name: 'app.rsvp.answers.no' },
      ],
      validate: required('app.rsvp.invitees.answer_required'),
    },
    {
      source: 'guests',
      label: 'app.rsvp.invitees.fields.guests',
      kind: 'number',
      helperText: 'app.rsvp.invitees.guests_help',
      defaultValue: 0,
      validate: [minValue(0), maxValue(maxGuestsLimit)],
    },
    { source: 'waiting', label: 'app.rsvp.invitees.fields.waiting', kind: 'boolean' },
    {
      source: 'questionAnswers',
      label: 'app.rsvp.invitees.fields.questionAnswers',
      kind: 'text',
      displayAs: (_value, record) => questionAnswersText((record as RsvpInvitee).questionAnswers ?? []),
    },
    { source: 'answeredAt', label: 'app.rsvp.invitees.fields.answeredAt', kind: 'dateTime' },
    { source: 'source', label: 'app.rsvp.invitees.fields.source', kind: 'text' },
  ],
  views: {
    list: {
      title: 'app.rsvp.invitees.many',
      columns: [
        { source: 'name', sortable: false },
        { source: 'email', sortable: false },
        // On a phone the answer stands under the address, so that a long address keeps the table in its card.
        { source: 'answer', sortable: false, phoneUnder: 'email' },
        { source: 'waiting', sortable: false },
        { source: 'guests', sortable: false },
        { source: 'questionAnswers', sortable: false },
        { source: 'answeredAt', sortable: false },
        { source: 'source', sortable: false },
      ],
      phoneColumns: ['email'],
      choiceFilters: [
        {
          source: 'answer',
          label: 'app.rsvp.invitees.fields.answer',
          choices: [
            { id: 'Ja', name: 'app.rsvp.answers.yes' },
            { id: 'Misschien', name: 'app.rsvp.answers.maybe' },
            { id: 'Nee', name: 'app.rsvp.answers.no' },
            { id: 'Wachtlijst', name: 'app.rsvp.answers.waiting' },
            { id: 'Geen antwoord', name: 'app.rsvp.answers.none' },
          ],
        },
      ],
      rowClick: 'edit',
      empty: 'app.rsvp.invitees.empty',
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'changeRsvpAnswer',
      title: 'app.rsvp.invitees.change_title',
      description: 'app.rsvp.invitees.change_description',
      fields: ['answer', 'guests'],
      transform: ({ answer, guests }) => ({ answer, guests: Number(guests ?? 0) }),
      successMessage: 'app.rsvp.invitees.changed',
    },
  },
  invalidates: ['rsvpInvitations'],
});
