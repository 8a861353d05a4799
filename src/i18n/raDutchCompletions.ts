import type { StringMap } from 'react-admin';

/**
 * Completes ra-language-dutch 4.6 for react-admin 5.15: the keys react-admin 5 added after that package was
 * written, the few messages the package left in English or translated oddly ("Doorgaan naar artikel"),
 * and the titles that react-admin 5 builds from the record's representation instead of its id. The
 * package addresses the user with "u"; the console, like the spec's texts, says "je", so its "u"
 * messages are rewritten here and react-admin's messages read in the console's voice.
 * `tests/unit/i18n.test.ts` fails when a new react-admin release adds a key that is missing here, and
 * when a message says "u" again.
 */
export const raDutchCompletions = {
  ra: {
    action: {
      reset: 'Herstellen',
      search_columns: 'Kolommen zoeken',
      select_all_button: 'Alles selecteren',
      update: 'Bijwerken',
      update_application: 'Applicatie herladen',
    },
    page: {
      invite: 'Wil je er een toevoegen?',
      edit: '%{name} %{recordRepresentation}',
      show: '%{name} %{recordRepresentation}',
      access_denied: 'Geen toegang',
      authentication_error: 'Authenticatiefout',
    },
    message: {
      are_you_sure: 'Weet je het zeker?',
      bulk_delete_content:
        'Weet je zeker dat je dit %{name} item wilt verwijderen? |||| Weet je zeker dat je deze %{smart_count} items wilt verwijderen?',
      bulk_update_content:
        'Weet je zeker dat je dit %{name} wilt bijwerken? |||| Weet je zeker dat je deze %{smart_count} items wilt bijwerken?',
      delete_content: 'Weet je zeker dat je dit item wilt verwijderen?',
      error: 'Er is een fout opgetreden en je aanvraag kon niet worden voltooid.',
      invalid_form: 'Het formulier is ongeldig. Controleer de foutmeldingen.',
      loading: 'De pagina wordt geladen, een moment geduld.',
      not_found: 'Je hebt een verkeerde URL ingevoerd of een defecte link aangeklikt.',
      unsaved_changes:
        'Sommige van je wijzigingen zijn niet opgeslagen. Weet je zeker dat je ze wilt negeren?',
      delete_title: '%{name} %{recordRepresentation} verwijderen',
      access_denied: 'Je hebt niet de juiste rechten om deze pagina te bekijken.',
      authentication_error:
        'De authenticatieserver gaf een fout en je inloggegevens konden niet worden gecontroleerd.',
      auth_error: 'Er is een fout opgetreden bij het controleren van het authenticatietoken.',
      clear_array_input: 'Weet je zeker dat je de hele lijst wilt wissen?',
      select_all_limit_reached:
        'Er zijn te veel elementen om ze allemaal te selecteren. Alleen de eerste %{max} elementen zijn geselecteerd.',
      placeholder_data_warning: 'Netwerkprobleem: de gegevens konden niet worden ververst.',
    },
    sort: {
      sort_by: 'Sorteren op %{field_lower_first} %{order}',
    },
    navigation: {
      clear_filters: 'Filters wissen',
      no_filtered_results: 'Niets gevonden met de huidige filters.',
      previous: 'Ga naar de vorige pagina',
      skip_nav: 'Naar de inhoud',
    },
    auth: {
      email: 'E-mailadres',
      sign_in_error: 'Inloggen is mislukt. Probeer het opnieuw.',
    },
    notification: {
      logged_out: 'Je sessie is beëindigd. Log opnieuw in.',
      not_authorized: 'Je hebt geen toegang tot dit onderdeel.',
      application_update_available: 'Er is een nieuwe versie beschikbaar.',
      bad_item: 'Onjuist element',
      offline: 'Geen verbinding. De gegevens konden niet worden opgehaald.',
    },
    validation: {
      unique: 'Moet uniek zijn',
    },
    saved_queries: {
      remove_message:
        'Weet je zeker dat je dit item uit je lijst met opgeslagen zoekopdrachten wilt verwijderen?',
    },
    configurable: {
      Datagrid: {
        title: 'Tabel',
      },
    },
    guesser: {
      empty: {
        title: 'Geen gegevens om te tonen',
        message: 'Controleer de dataProvider',
      },
    },
  },
} satisfies StringMap;
