/**
 * Dutch messages of the privacy parts (a person's page under Ontvangers, 'Bewaartermijnen' under
 * Instellingen), under `app.privacy.*`. Merged into the console's messages by src/i18n/nl.ts.
 */
export const privacyNl = {
  app: {
    privacy: {
      persons: {
        one: 'Persoon',
        many: 'Personen',
        title: 'Personen',
        empty:
          'Zoek een persoon op (een deel van) het e-mailadres om te zien wat deze omgeving over hem of haar bewaart.',
        back: 'Alle personen',
        summary: 'Alles wat %{environment} over dit e-mailadres bewaart.',
        not_found: 'Over dit e-mailadres is niets (meer) bewaard.',
        export_json: 'Exporteren (JSON)',
        export_html: 'Exporteren (leesbaar)',
        erase: 'Wissen',
        erase_title: 'Persoon wissen',
        erase_intro: 'Alles wat deze omgeving over %{email} bewaart, wordt in één keer gewist.',
        erase_notice:
          'Dit kun je niet ongedaan maken. Er blijft alleen een onherleidbare code achter, zodat het adres niets meer ontvangt en niet opnieuw kan worden toegevoegd; alleen de persoon zelf kan zich opnieuw aanmelden.',
        erase_help: 'Typ het e-mailadres over om te bevestigen.',
        erase_required: 'Typ het e-mailadres over om te bevestigen',
        erase_mismatch: 'Dit is niet het e-mailadres van deze persoon',
        erase_submit: 'Wissen',
        erased: 'De gegevens zijn gewist',
        fields: {
          email: 'E-mailadres',
          confirmation: 'E-mailadres ter bevestiging',
        },
      },
      retention: {
        title: 'Bewaartermijnen',
        intro:
          'Hoe lang deze omgeving persoonsgegevens bewaart. Eén keer per dag wordt verwijderd wat ouder is; wat weg is, komt niet terug.',
        summary: 'Formulierantwoorden %{forms} maanden, antwoorden op uitnodigingen %{rsvp} maanden.',
        saved: 'Bewaartermijnen opgeslagen',
        fields: {
          formAnswerMonths: 'Formulierantwoorden bewaren (maanden)',
          rsvpAnswerMonths: 'Antwoorden op uitnodigingen bewaren (maanden)',
          removeInactive: 'Inactieve ontvangers verwijderen',
          inactiveSubscriberMonths: 'Inactief na (maanden)',
        },
        help: {
          formAnswerMonths:
            'Na zoveel maanden na het versturen wordt een ingevuld formulier verwijderd. Standaard 24.',
          rsvpAnswerMonths:
            'Na zoveel maanden na de bijeenkomst worden namen, adressen en antwoorden op vragen van genodigden gewist; de aantallen blijven. Standaard 24.',
          removeInactive:
            'Standaard uit. Aan: een ontvanger die zo lang niet is toegevoegd of gewijzigd en in die tijd niets heeft ontvangen, gaat van de lijst.',
          inactiveSubscriberMonths: 'Tussen 1 en 120 maanden.',
        },
      },
    },
  },
};
