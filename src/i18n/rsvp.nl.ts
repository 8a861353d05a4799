/**
 * Dutch messages of the RSVP page (/publications/{id}/rsvp) under `app.rsvp.*`. Merged into the console's
 * messages by src/i18n/nl.ts.
 */
export const rsvpNl = {
  app: {
    rsvp: {
      one: 'Uitnodiging',
      many: 'Uitnodigingen',
      fields: {
        enabled: 'Deze publicatie is een uitnodiging',
        enabled_help: 'Berichten krijgen het blok Aanmelden met de knoppen Ja, Misschien en Nee.',
        title: 'Naam van de bijeenkomst',
        startsAt: 'Begin',
        endsAt: 'Einde',
        location: 'Locatie',
        onlineUrl: 'Online link',
        places: 'Plaatsen',
        places_help: 'Personen inclusief gasten; 0 is onbeperkt.',
        maxGuests: 'Gasten per genodigde (0–9)',
        deadline: 'Aanmelden kan tot',
        deadline_help: 'Leeg: tot het begin.',
        allowMaybe: "'Misschien' als antwoord",
        waitingList: 'Wachtlijst als het vol is',
        reminderDays: 'Herinnering (dagen voor de aanmeldtermijn)',
        reminderDays_help: 'Wie nog niet heeft geantwoord, krijgt één herinnering. Leeg: geen herinnering.',
        eventReminderDays: 'Herinnering aan wie komt (dagen vooraf)',
        eventReminderDays_help:
          "Dagen voor de bijeenkomst: wie 'Ja' zei, krijgt één herinnering. Leeg: geen herinnering.",
        formId: 'Vragen uit formulier',
        formId_help:
          "Optioneel: de vragen van dit formulier (bijvoorbeeld dieet) komen bij 'Ja' en 'Misschien'.",
        cancelled: 'Afgelast',
        cancelled_help: 'Wie Ja of Misschien zei, krijgt een afzegging voor de agenda.',
      },
      validation: {
        title_required: 'Vul de naam van de bijeenkomst in',
        moment_required: 'Kies een moment',
      },
      page: {
        title: 'Aanmeldingen',
        back: 'Terug naar de publicatie',
        on: 'Uitnodiging aan',
        off: 'Geen uitnodiging',
        cancelled: 'Afgelast',
        off_notice:
          "Deze publicatie is nog geen uitnodiging. Zet bij 'Instellingen' de uitnodiging aan; daarna maakt elke verzending de ontvangers genodigden.",
        settings: 'Instellingen',
        csv: 'CSV downloaden',
        not_found: 'Deze publicatie bestaat niet (meer).',
      },
      settings: {
        title: 'Instellingen van de uitnodiging',
        description: 'Tijden gelden in Nederland (Europe/Amsterdam).',
        saved: 'Instellingen opgeslagen',
      },
      tiles: {
        label: 'Aantallen',
        invited: 'Uitgenodigd',
        yes: 'Ja (personen)',
        maybe: 'Misschien',
        no: 'Nee',
        noAnswer: 'Geen antwoord',
        waiting: 'Wachtlijst',
        placesLeft: 'Plaatsen over',
        unlimited: 'Onbeperkt',
      },
      answers: { yes: 'Ja', maybe: 'Misschien', no: 'Nee', waiting: 'Wachtlijst', none: 'Geen antwoord' },
      invitees: {
        one: 'Genodigde',
        many: 'Genodigden',
        empty: 'Nog geen genodigden. Verstuur de uitnodiging naar een doelgroep.',
        fields: {
          name: 'Naam',
          email: 'E-mailadres',
          answer: 'Antwoord',
          guests: 'Gasten',
          waiting: 'Wachtlijst',
          questionAnswers: 'Antwoorden op de vragen',
          answeredAt: 'Tijdstip',
          source: 'Bron',
        },
        answer_required: 'Kies een antwoord',
        guests_help: 'Alleen bij Ja.',
        change_title: 'Antwoord wijzigen',
        change_description: 'Je wijzigt het antwoord namens %{email}; de wijziging wordt vastgelegd.',
        changed: 'Antwoord gewijzigd',
      },
    },
  },
};
