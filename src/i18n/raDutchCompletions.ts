import type { StringMap } from 'react-admin';

/**
 * Completes ra-language-dutch 4.6 for react-admin 5.15: the keys react-admin 5 added after that package was
 * written, the few messages the package left in English or translated oddly ("Doorgaan naar artikel"),
 * and the titles that react-admin 5 builds from the record's representation instead of its id. Written in the package's own register ("u")
 * so that react-admin's messages read as one voice. `tests/unit/i18n.test.ts` fails when a new
 * react-admin release adds a key that is missing here.
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
      edit: '%{name} %{recordRepresentation}',
      show: '%{name} %{recordRepresentation}',
      access_denied: 'Geen toegang',
      authentication_error: 'Authenticatiefout',
    },
    message: {
      delete_title: '%{name} %{recordRepresentation} verwijderen',
      access_denied: 'U heeft niet de juiste rechten om deze pagina te bekijken.',
      authentication_error:
        'De authenticatieserver gaf een fout en uw inloggegevens konden niet worden gecontroleerd.',
      auth_error: 'Er is een fout opgetreden bij het controleren van het authenticatietoken.',
      clear_array_input: 'Weet u zeker dat u de hele lijst wilt wissen?',
      select_all_limit_reached:
        'Er zijn te veel elementen om ze allemaal te selecteren. Alleen de eerste %{max} elementen zijn geselecteerd.',
      placeholder_data_warning: 'Netwerkprobleem: de gegevens konden niet worden ververst.',
    },
    sort: {
      sort_by: 'Sorteren op %{field_lower_first} %{order}',
    },
    navigation: {
      clear_filters: 'Filters wissen',
      no_filtered_results: 'Geen %{name} gevonden met de huidige filters.',
      previous: 'Ga naar de vorige pagina',
      skip_nav: 'Naar de inhoud',
    },
    auth: {
      email: 'E-mailadres',
    },
    notification: {
      application_update_available: 'Er is een nieuwe versie beschikbaar.',
      bad_item: 'Onjuist element',
      offline: 'Geen verbinding. De gegevens konden niet worden opgehaald.',
    },
    validation: {
      unique: 'Moet uniek zijn',
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
