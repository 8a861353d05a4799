import { sql, type SQL } from 'drizzle-orm';

// Every place of an environment that holds something of a person, found by their e-mail address. One
// entry per kind of record: what the person's page and the export show of it (`select`, with Dutch column
// labels) and what erasing the person does to it (`erase`: rows deleted, or personal values emptied where
// the row still counts for anonymous statistics). Erasure runs the entries' statements in this order
// (records that point at others first) in one transaction (erasePerson.ts); the global unsubscribe is
// turned into a keyed hash last (suppression.ts).
//
// A new table with a person's address in it is one entry here: `columns` names the columns it covers, and
// tests/server/privacy.test.ts fails for any e-mail-like column of the database no entry covers.

/** Whose records: the environment and the address, lower case and trimmed. */
export interface PersonKey {
  environmentId: string;
  email: string;
}

export interface PersonTable {
  /** Stable key of the part in the export's JSON. */
  key: string;
  /** The part's Dutch heading on the person's page and in the readable export. */
  label: string;
  /** Dutch text when the person has no such records. */
  empty: string;
  /** `table.column` of every column with the address (or another person's value) this entry covers. */
  columns: readonly string[];
  /** Column keys of `select`'s rows with their Dutch labels, in the order shown. */
  shown: readonly { key: string; label: string }[];
  /** The person's records, one row each, with at least the `shown` keys. */
  select(person: PersonKey): SQL;
  /** What erasing the person does here, in order. */
  erase(person: PersonKey): SQL[];
}

const sameAddress = (column: SQL, person: PersonKey) => sql`lower(trim(${column})) = ${person.email}`;

/** The person's subscriber rows in the environment's lists. */
const subscriberIds = (person: PersonKey) =>
  sql`(SELECT s.id FROM subscribers AS s JOIN lists AS l ON l.id = s.list_id
       WHERE l.environment_id = ${person.environmentId} AND ${sameAddress(sql`s.email`, person)})`;

/** The person's delivery recipient rows (one per message of a delivery job). */
const recipientIds = (person: PersonKey) =>
  sql`(SELECT r.id FROM delivery_recipients AS r
       WHERE r.environment_id = ${person.environmentId} AND ${sameAddress(sql`r.email`, person)})`;

/** The person's invitee rows of the environment's invitations. */
const inviteeIds = (person: PersonKey) =>
  sql`(SELECT i.id FROM rsvp_invitees AS i
       WHERE i.environment_id = ${person.environmentId} AND ${sameAddress(sql`i.email`, person)})`;

/** Form submissions of the environment in which one of the answers is the address. */
const submissionIds = (person: PersonKey) =>
  sql`(SELECT fs.id FROM flow_submissions AS fs JOIN flows AS f ON f.id = fs.flow_id
       WHERE f.environment_id = ${person.environmentId}
         AND EXISTS (SELECT 1 FROM flow_answers AS a WHERE a.submission_id = fs.id AND ${sameAddress(sql`a.value`, person)}))`;

const testSendIds = (person: PersonKey) =>
  sql`(SELECT t.id FROM test_sends AS t
       WHERE t.environment_id = ${person.environmentId} AND ${sameAddress(sql`t.email`, person)})`;

export const personTables: readonly PersonTable[] = [
  {
    key: 'lists',
    label: 'Lijsten',
    empty: 'Staat op geen enkele lijst.',
    columns: [
      'subscribers.email',
      'subscribers.name',
      'subscribers.initials',
      'subscribers.first_name',
      'subscribers.middle_name',
      'subscribers.last_name',
      'subscribers.phone_number',
      'subscribers.address',
      'subscribers.postal_code',
      'subscribers.city',
      'subscribers.country',
      'subscribers.attribute1',
    ],
    shown: [
      { key: 'list', label: 'Lijst' },
      { key: 'audiences', label: 'Doelgroepen via deze lijst' },
      { key: 'name', label: 'Naam' },
      { key: 'createdAt', label: 'Toegevoegd op' },
    ],
    select: (person) => sql`
      SELECT l.title AS list, s.created_at AS "createdAt",
        coalesce((SELECT string_agg(a.name, ', ' ORDER BY a.name) FROM audience_lists AS al
                  JOIN audiences AS a ON a.id = al.audience_id
                  WHERE al.list_id = l.id AND NOT a.is_deleted), '') AS audiences,
        s.name, s.email, s.initials, s.first_name AS "firstName", s.middle_name AS "middleName",
        s.last_name AS "lastName", s.phone_number AS "phoneNumber", s.address, s.postal_code AS "postalCode",
        s.city, s.country, s.is_organization AS "isOrganization",
        -- The list's own fields under the names the list gives them ('Wijk: Centrum'), not attribute1…9.
        (SELECT coalesce(jsonb_object_agg(coalesce(field.label, 'Veld ' || field.n), field.value ORDER BY field.n), '{}')
         FROM (VALUES (1, l.attribute_label1, s.attribute1), (2, l.attribute_label2, s.attribute2),
                      (3, l.attribute_label3, s.attribute3), (4, l.attribute_label4, s.attribute4),
                      (5, l.attribute_label5, s.attribute5), (6, l.attribute_label6, s.attribute6),
                      (7, l.attribute_label7, s.attribute7), (8, l.attribute_label8, s.attribute8),
                      (9, l.attribute_label9, s.attribute9)) AS field(n, label, value)
         WHERE coalesce(field.value, '') <> '') AS "listFields",
        s.updated_at AS "updatedAt"
      FROM subscribers AS s JOIN lists AS l ON l.id = s.list_id
      WHERE l.environment_id = ${person.environmentId} AND NOT l.is_deleted AND ${sameAddress(sql`s.email`, person)}
      ORDER BY l.title`,
    erase: (person) => [
      // Events that would still start a journey for them.
      sql`DELETE FROM journey_outbox WHERE environment_id = ${person.environmentId}
          AND (subscriber_id IN ${subscriberIds(person)} OR submission_id IN ${submissionIds(person)}
               OR invitee_id IN ${inviteeIds(person)})`,
      sql`WITH gone AS (
            DELETE FROM subscribers AS s USING lists AS l
            WHERE l.id = s.list_id AND l.environment_id = ${person.environmentId} AND ${sameAddress(sql`s.email`, person)}
            RETURNING s.list_id)
          UPDATE lists SET subscriber_count = lists.subscriber_count - g.removed
          FROM (SELECT list_id, count(*)::int AS removed FROM gone GROUP BY list_id) AS g
          WHERE lists.id = g.list_id`,
    ],
  },
  {
    key: 'deliveries',
    label: 'Verzendingen',
    empty: 'Er is nog niets naar dit adres verzonden.',
    columns: ['delivery_recipients.email', 'delivery_recipients.merge_values', 'delivery_recipients.detail'],
    shown: [
      { key: 'publication', label: 'Bericht' },
      { key: 'status', label: 'Status' },
      { key: 'finishedAt', label: 'Datum' },
      { key: 'detail', label: 'Toelichting' },
    ],
    select: (person) => sql`
      SELECT coalesce(j.title, p.name, '') AS publication, r.status, r.finished_at AS "finishedAt",
        coalesce(r.detail, '') AS detail, r.merge_values AS "mergeValues"
      FROM delivery_recipients AS r
      JOIN delivery_jobs AS j ON j.id = r.job_id
      LEFT JOIN publications AS p ON p.id = j.publication_id
      WHERE r.environment_id = ${person.environmentId} AND ${sameAddress(sql`r.email`, person)}
      ORDER BY r.finished_at DESC NULLS FIRST, r.id DESC`,
    erase: (person) => [
      // The bounce's diagnostic may quote the address; the bounce itself still counts.
      sql`UPDATE delivery_bounces SET diagnostic = NULL WHERE environment_id = ${person.environmentId}
          AND recipient_id IN ${recipientIds(person)}`,
      // Opens and clicks stay as anonymous counts, no longer tied to the message of this person.
      sql`UPDATE analytics_events SET recipient_id = NULL WHERE environment_id = ${person.environmentId}
          AND recipient_id IN ${recipientIds(person)}`,
      // The row keeps its status for the job's counts; an address that reaches no one replaces theirs.
      sql`UPDATE delivery_recipients
          SET email = 'gewist-' || id || '@gewist.invalid', merge_values = '{}'::jsonb, subscriber_id = NULL, detail = NULL
          WHERE environment_id = ${person.environmentId} AND ${sameAddress(sql`email`, person)}`,
    ],
  },
  {
    key: 'measuring',
    label: 'Opens en kliks',
    empty: 'Geen persoonlijk gemeten opens of kliks.',
    // Only the personal measuring modes tie an event to a recipient (analytics_events.recipient_id).
    columns: [],
    shown: [
      { key: 'publication', label: 'Bericht' },
      { key: 'kind', label: 'Soort' },
      { key: 'occurredAt', label: 'Moment' },
    ],
    select: (person) => sql`
      SELECT coalesce(j.title, '') AS publication,
        CASE e.kind WHEN 'open' THEN 'Geopend' ELSE 'Geklikt' END AS kind, e.occurred_at AS "occurredAt"
      FROM analytics_events AS e JOIN delivery_jobs AS j ON j.id = e.job_id
      WHERE e.environment_id = ${person.environmentId} AND NOT e.machine AND e.recipient_id IN ${recipientIds(person)}
      ORDER BY e.occurred_at DESC`,
    erase: () => [], // done with the deliveries, before their rows lose the address
  },
  {
    key: 'rsvp',
    label: 'Antwoorden op uitnodigingen',
    empty: 'Geen antwoorden op uitnodigingen.',
    columns: [
      'rsvp_invitees.email',
      'rsvp_invitees.name',
      'rsvp_invitees.question_answers',
      'rsvp_mail_outbox.last_error',
    ],
    shown: [
      { key: 'event', label: 'Bijeenkomst' },
      { key: 'answer', label: 'Antwoord' },
      { key: 'guests', label: 'Gasten' },
      { key: 'answeredAt', label: 'Beantwoord op' },
    ],
    select: (person) => sql`
      SELECT e.title AS event, e.starts_at AS "startsAt", coalesce(i.answer, 'Nog geen antwoord') AS answer,
        i.guests, i.waiting, i.answered_at AS "answeredAt", i.name, i.question_answers AS "questionAnswers"
      FROM rsvp_invitees AS i JOIN rsvp_events AS e ON e.publication_id = i.publication_id
      WHERE i.environment_id = ${person.environmentId} AND ${sameAddress(sql`i.email`, person)}
      ORDER BY e.starts_at DESC`,
    erase: (person) => [
      sql`DELETE FROM mail_bounces WHERE environment_id = ${person.environmentId} AND message_kind = 'rsvp'
          AND message_id IN (SELECT id FROM rsvp_mail_outbox WHERE invitee_id IN ${inviteeIds(person)})`,
      sql`DELETE FROM rsvp_mail_outbox WHERE invitee_id IN ${inviteeIds(person)}`,
      // As the RSVP retention does (rsvp/retention.ts): the answer still counts, nobody is in it.
      sql`UPDATE rsvp_invitees
          SET email = 'genodigde-' || id || '@geanonimiseerd.invalid', name = NULL, subscriber_id = NULL,
              question_answers = '[]'::jsonb
          WHERE environment_id = ${person.environmentId} AND ${sameAddress(sql`email`, person)}`,
    ],
  },
  {
    key: 'forms',
    label: 'Formulierantwoorden',
    empty: 'Geen formulierantwoorden met dit adres.',
    columns: ['flow_answers.value'],
    shown: [
      { key: 'form', label: 'Formulier' },
      { key: 'answers', label: 'Antwoorden' },
      { key: 'submittedAt', label: 'Verstuurd op' },
    ],
    select: (person) => sql`
      SELECT f.name AS form, fs.created_at AS "submittedAt",
        coalesce((SELECT string_agg(ff.label || ': ' || a.value, '; ' ORDER BY ff.position)
                  FROM flow_answers AS a JOIN flow_fields AS ff ON ff.id = a.field_id
                  WHERE a.submission_id = fs.id), '') AS answers
      FROM flow_submissions AS fs JOIN flows AS f ON f.id = fs.flow_id
      WHERE fs.id IN ${submissionIds(person)}
      ORDER BY fs.created_at DESC`,
    // The whole submission goes: its other answers belong to the same person.
    erase: (person) => [sql`DELETE FROM flow_submissions WHERE id IN ${submissionIds(person)}`],
  },
  {
    key: 'journeys',
    label: 'Trajecten',
    empty: 'Doet aan geen traject mee.',
    columns: ['journey_enrollments.email', 'journey_step_runs.result'],
    shown: [
      { key: 'journey', label: 'Traject' },
      { key: 'state', label: 'Status' },
      { key: 'enrolledAt', label: 'Gestart op' },
      { key: 'endedAt', label: 'Beëindigd op' },
    ],
    select: (person) => sql`
      SELECT j.name AS journey, en.state, en.enrolled_at AS "enrolledAt", en.ended_at AS "endedAt"
      FROM journey_enrollments AS en JOIN journeys AS j ON j.id = en.journey_id
      WHERE en.environment_id = ${person.environmentId} AND ${sameAddress(sql`en.email`, person)}
      ORDER BY en.enrolled_at DESC`,
    erase: (person) => [
      sql`DELETE FROM journey_enrollments WHERE environment_id = ${person.environmentId}
          AND ${sameAddress(sql`email`, person)}`,
    ],
  },
  {
    key: 'testSends',
    label: 'Testberichten',
    empty: 'Geen testberichten naar dit adres.',
    columns: ['test_sends.email', 'mail_bounces.diagnostic'],
    shown: [
      { key: 'subject', label: 'Onderwerp' },
      { key: 'sentAt', label: 'Verzonden op' },
    ],
    select: (person) => sql`
      SELECT subject, sent_at AS "sentAt" FROM test_sends
      WHERE id IN ${testSendIds(person)} ORDER BY sent_at DESC`,
    erase: (person) => [
      sql`DELETE FROM mail_bounces WHERE environment_id = ${person.environmentId} AND message_kind = 'test'
          AND message_id IN ${testSendIds(person)}`,
      sql`DELETE FROM test_sends WHERE id IN ${testSendIds(person)}`,
    ],
  },
  {
    key: 'signUps',
    label: 'Aanmeldingen via een formulier',
    empty: 'Geen aanmeldingen via een formulier.',
    columns: ['pending_sign_ups.email', 'pending_sign_ups.values', 'sign_up_mail_outbox.email'],
    shown: [
      { key: 'form', label: 'Formulier' },
      { key: 'signedUpAt', label: 'Aangemeld op' },
      { key: 'confirmedAt', label: 'Bevestigd op' },
    ],
    select: (person) => sql`
      SELECT f.name AS form, p.signed_up_at AS "signedUpAt", p.confirmed_at AS "confirmedAt", p.values
      FROM pending_sign_ups AS p JOIN sign_up_forms AS f ON f.id = p.form_id
      WHERE p.environment_id = ${person.environmentId} AND ${sameAddress(sql`p.email`, person)}
      ORDER BY p.signed_up_at DESC`,
    erase: (person) => [
      sql`DELETE FROM sign_up_mail_outbox WHERE environment_id = ${person.environmentId}
          AND ${sameAddress(sql`email`, person)}`,
      sql`DELETE FROM pending_sign_ups WHERE environment_id = ${person.environmentId}
          AND ${sameAddress(sql`email`, person)}`,
    ],
  },
  {
    key: 'resubscribeRequests',
    label: 'Verzoeken om opnieuw aan te melden',
    empty: 'Geen verzoeken om opnieuw aan te melden.',
    columns: ['resubscribe_requests.email'],
    shown: [
      { key: 'requestedAt', label: 'Gevraagd op' },
      { key: 'confirmedAt', label: 'Bevestigd op' },
    ],
    select: (person) => sql`
      SELECT requested_at AS "requestedAt", confirmed_at AS "confirmedAt" FROM resubscribe_requests
      WHERE environment_id = ${person.environmentId} AND ${sameAddress(sql`email`, person)}
      ORDER BY requested_at DESC`,
    erase: (person) => [
      sql`DELETE FROM resubscribe_requests WHERE environment_id = ${person.environmentId}
          AND ${sameAddress(sql`email`, person)}`,
    ],
  },
  {
    key: 'importRefusals',
    label: 'Geweigerde importregels',
    empty: 'Geen geweigerde importregels met dit adres.',
    columns: ['list_import_refusals.values'],
    shown: [
      { key: 'fileName', label: 'Bestand' },
      { key: 'rowNumber', label: 'Regel' },
      { key: 'reason', label: 'Reden' },
    ],
    select: (person) => sql`
      SELECT i.file_name AS "fileName", r.row_number AS "rowNumber", r.reason, r.values
      FROM list_import_refusals AS r JOIN list_imports AS i ON i.id = r.import_id
      WHERE i.environment_id = ${person.environmentId}
        AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(r.values) AS v(cell) WHERE ${sameAddress(sql`v.cell`, person)})
      ORDER BY i.started_at DESC, r.row_number`,
    erase: (person) => [
      sql`DELETE FROM list_import_refusals AS r USING list_imports AS i
          WHERE i.id = r.import_id AND i.environment_id = ${person.environmentId}
            AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(r.values) AS v(cell) WHERE ${sameAddress(sql`v.cell`, person)})`,
    ],
  },
  {
    key: 'unsubscribes',
    label: 'Uitschrijvingen',
    empty: 'Niet uitgeschreven.',
    // Turned into the keyed hash by suppression.ts, after every other part.
    columns: ['unsubscribers.email', 'unsubscribers.cause_detail', 'unsubscribers.removal_reason'],
    shown: [
      { key: 'state', label: 'Stand' },
      { key: 'cause', label: 'Oorzaak' },
      { key: 'createdAt', label: 'Sinds' },
      { key: 'removedAt', label: 'Ongedaan gemaakt op' },
    ],
    select: (person) => sql`
      SELECT CASE WHEN removed_at IS NULL THEN 'Uitgeschreven voor alles' ELSE 'Uitschrijving ongedaan gemaakt' END AS state,
        cause || coalesce(' (' || cause_detail || ')', '') AS cause, created_at AS "createdAt",
        removed_at AS "removedAt", removal_reason AS "removalReason"
      FROM unsubscribers
      WHERE environment_id = ${person.environmentId} AND ${sameAddress(sql`email`, person)}
      ORDER BY removed_at DESC NULLS FIRST`,
    erase: () => [],
  },
];

/** `table.column` spellings that hold e-mail addresses of staff or of the organisation, never of a resident. */
export const notPersonColumns: readonly string[] = [
  'users.username',
  'sender_settings.sender_address',
  'sender_settings.reply_to_address',
];

/** Sugar for statements that must name a table's rows of the person by column (consent proofs and the like). */
export const addressMatches = sameAddress;
