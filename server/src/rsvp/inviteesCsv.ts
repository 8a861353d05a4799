import type { Readable } from 'node:stream';
import { dutchCsv } from '../csv/dutchCsv';
import type { Database } from '../db/client';
import { questionAnswersText } from '../contract/rsvp';
import { allInvitees } from './invitees';

const timestampFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/**
 * The invitees as CSV for Dutch Excel (semicolons, BOM, formulas escaped), streamed in batches so memory
 * stays flat: name, address, answer ('Wachtlijst' for a waiting Ja), guests, the answers to the form's questions, time
 * and source.
 */
export function inviteesCsv(db: Database, environmentId: string, publicationId: string): Readable {
  async function* rows() {
    for await (const invitee of allInvitees(db, environmentId, publicationId)) {
      yield [
        invitee.name ?? '',
        invitee.email,
        invitee.waiting ? 'Wachtlijst' : (invitee.answer ?? 'Geen antwoord'),
        String(invitee.guests),
        questionAnswersText(invitee.questionAnswers),
        invitee.answeredAt ? timestampFormat.format(new Date(invitee.answeredAt)) : '',
        invitee.source ?? '',
      ];
    }
  }
  return dutchCsv(['Naam', 'E-mailadres', 'Antwoord', 'Gasten', 'Vragen', 'Tijdstip', 'Bron'], rows());
}
