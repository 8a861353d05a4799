import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
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
    yield ['Naam', 'E-mailadres', 'Antwoord', 'Gasten', 'Vragen', 'Tijdstip', 'Bron'];
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
  return Readable.from(rows()).pipe(
    stringify({ delimiter: ';', bom: true, escape_formulas: true, record_delimiter: 'windows' }),
  );
}
