/**
 * Dutch messages of the sign-up forms ('Aanmeldformulieren', under Ontvangers), under
 * `app.signUpForms.*`. Merged into the console's messages by src/i18n/nl.ts.
 */

import { fieldLabels } from '@contract/fieldLabels';

export const signUpFormsNl = {
  app: {
    signUpForms: {
      one: 'Aanmeldformulier',
      many: 'Aanmeldformulieren',
      title: 'Aanmeldformulieren',
      empty: 'Er zijn nog geen aanmeldformulieren. Maak er een met Nieuw aanmeldformulier.',
      create: 'Nieuw aanmeldformulier',
      edit: 'Aanmeldformulier aanpassen',
      create_intro:
        'Mensen melden zich aan op de pagina van het formulier (of via de HTML-code op je eigen site) en bevestigen dat per e-mail. Pas daarna staan ze in de gekozen lijsten.',
      delete_confirm:
        'Weet je zeker dat je %{recordRepresentation} wilt verwijderen? De pagina werkt daarna niet meer.',
      no_public_lists:
        "Er zijn geen openbare lijsten. Zet bij een lijst 'Openbaar' aan (Naam aanpassen) om haar hier te kunnen kiezen.",
      required: {
        name: 'Naam is een verplicht veld',
        lists: 'Kies ten minste één lijst',
        consentText: 'Toestemmingstekst is een verplicht veld',
        confirmationSubject: 'Onderwerp is een verplicht veld',
        confirmationText: 'Tekst van de bevestigingsmail is een verplicht veld',
        confirmedText: 'Tekst na bevestigen is een verplicht veld',
      },
      fields: {
        name: fieldLabels.name,
        listIds: 'Lijsten waaruit mensen kiezen',
        askedFields: fieldLabels.askedFields,
        requiredFields: fieldLabels.requiredFields,
        consentText: fieldLabels.consentText,
        consentVersion: 'Versie toestemmingstekst',
        confirmationSubject: fieldLabels.confirmationSubject,
        confirmationText: fieldLabels.confirmationText,
        confirmedText: fieldLabels.confirmedText,
        hostedUrl: fieldLabels.hostedUrl,
        updatedAt: 'Gewijzigd',
      },
      helper: {
        requiredFields: 'Een verplicht veld wordt ook gevraagd. Het e-mailadres wordt altijd gevraagd.',
        consentText:
          'Een gewijzigde tekst wordt een nieuwe versie; de toestemmingen wijzen naar de versie die gold.',
      },
      page: {
        back: 'Alle aanmeldformulieren',
        not_found: 'Dit aanmeldformulier bestaat niet (meer).',
        version: 'Toestemmingstekst versie %{version}',
        open: 'Pagina openen',
        hosted_title: 'Aanmeldpagina',
        hosted_intro: 'Deel dit adres, of zet een link ernaar op je site:',
        snippet_title: 'HTML-code voor je eigen site',
        snippet_intro:
          'Plak deze code in een pagina van je eigen site. Het is een gewoon formulier zonder script; na het versturen ziet de bezoeker de pagina ‘Controleer je mail’.',
        copy: 'Kopiëren',
        copied: 'Gekopieerd',
        copy_failed: 'Kopiëren lukte niet. Selecteer de code en kopieer haar zelf.',
      },
    },
  },
};
