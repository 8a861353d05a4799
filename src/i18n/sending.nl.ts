/**
 * Dutch messages of the sender and its sending domain (Instellingen › Afzender and › Verzenddomein), under
 * `app.sending.*`. Merged into the console's messages by src/i18n/nl.ts.
 */
export const sendingNl = {
  app: {
    sending: {
      one: 'Afzender',
      many: 'Afzenders',
      invalid_address: 'Vul een geldig e-mailadres in, zoals nieuwsbrief@zuiderveen.nl.',
      from_line: 'Berichten komen van: %{from}',
      catcher:
        'Deze ontwikkelomgeving verstuurt niets echt: de mailcatcher vangt alle berichten op, ook van een verzenddomein dat nog niet is gecontroleerd. Een adres op een ander domein dan het verzenddomein wordt ook hier geweigerd; een echte mailserver weigert bovendien een domein dat niet is gecontroleerd.',
      fields: {
        senderName: 'Naam van de afzender',
        senderAddress: 'Afzenderadres',
        replyToAddress: 'Antwoordadres',
        domain: 'Verzenddomein',
        publicationSenderName: 'Naam van de afzender',
      },
      help: {
        senderName:
          'Zo heet de afzender in de inbox, bijvoorbeeld Gemeente Zuiderveen. Een publicatie kan een eigen naam hebben.',
        senderAddress:
          'Een adres op het verzenddomein, bijvoorbeeld nieuwsbrief@zuiderveen.nl. Leeg: het standaardadres van het platform.',
        replyToAddress: 'Waar antwoorden op een bericht terechtkomen. Leeg: bij het afzenderadres.',
        publicationSenderName: 'Alleen voor deze publicatie. Leeg: de afzendernaam uit de instellingen.',
        domain:
          'Het domein van het afzenderadres, zoals zuiderveen.nl. Een nieuw domein krijgt een nieuwe DKIM-sleutel.',
      },
      sender: {
        title: 'Afzender',
        intro: 'Wie je berichten verstuurt en waar antwoorden naartoe gaan.',
      },
      domain: {
        title: 'Verzenddomein',
        intro:
          'Het domein waarvan je berichten komen. Het platform ondertekent elk bericht met DKIM; maak de DNS-records hieronder aan en kies Controleren.',
        saved: 'Het verzenddomein is opgeslagen.',
        none: 'Vul hierboven een verzenddomein in en sla het op: dan verschijnen de DNS-records die je moet aanmaken.',
        rotated: 'Er is een nieuwe sleutel gemaakt. Maak het nieuwe DKIM-record aan en kies Controleren.',
      },
      records: {
        title: 'DNS-records voor %{domain}',
        intro:
          'Maak deze records aan bij de beheerder van je domein (je DNS-provider). Kopieer elke waarde in zijn geheel. Daarna kies je Controleren.',
        verified: 'Gecontroleerd',
        unverified: 'Niet gecontroleerd',
        not_right: 'Gecontroleerd: nog niet in orde',
        name: 'Naam',
        value: 'Waarde',
        record_label: '%{kind}-record',
        copy: 'Kopiëren',
        copy_label: '%{what} kopiëren',
        copied: '%{what} gekopieerd.',
        copy_failed: 'Kopiëren lukte niet: selecteer de tekst en kopieer hem zelf.',
        check: 'Controleren',
        checking: 'Bezig met controleren…',
        rotate: 'Nieuwe sleutel maken',
        checked_at: 'Laatst gecontroleerd op %{moment}.',
        never_checked: 'Nog niet gecontroleerd.',
        not_checked: 'Nog niet gecontroleerd.',
        keep_until: 'Mag weg na %{moment}.',
        status: {
          ok: 'Goed',
          missing: 'Ontbreekt',
          wrong: 'Onjuist',
          error: 'Niet te controleren',
          unknown: 'Onbekend',
        },
      },
      deliver: {
        from: 'Afzender: %{from}',
      },
      summary: {
        from: 'Van: %{from}',
        verified: '%{domain} is gecontroleerd.',
        unverified: '%{domain} is nog niet gecontroleerd.',
        none: 'Nog geen verzenddomein.',
      },
    },
  },
};
