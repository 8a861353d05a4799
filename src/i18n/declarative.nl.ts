/**
 * Dutch messages of the declarative resources, tables and slide-overs (`declarative.*`).
 * Merged into the console's messages by src/i18n/nl.ts.
 */
export const declarativeNl = {
  declarative: {
    // A declared button or form the member's role does not allow (declarative/useDeclaredAccess.ts).
    access: {
      denied_save: 'Alleen een %{roles} kan dit opslaan.',
    },
    table: {
      loading: 'Gegevens worden geladen…',
      move_up: '%{name} omhoog',
      move_down: '%{name} omlaag',
      // The empty choice of a table's choice filter.
      all: 'Alle',
    },
    // After a save or delete without a message of its own: 'Lijst toegevoegd'.
    notification: {
      created: '%{resource} toegevoegd',
      updated: '%{resource} opgeslagen',
      deleted: '%{resource} verwijderd',
    },
    number: {
      whole: 'Vul een heel getal in, zonder komma.',
      ambiguous: "'%{text}' kan %{thousands} of %{decimal} betekenen: typ %{thousands} of %{decimal}.",
    },
    form: {
      add: 'Toevoegen',
      save: 'Opslaan',
      saveFailed: 'Opslaan is niet gelukt. Probeer het opnieuw.',
    },
    slideOver: {
      close: 'Sluiten',
      closeIcon: 'Paneel sluiten',
      unknownTitle: 'Onbekend paneel',
      failedTitle: 'Dit paneel kon niet worden getoond',
      unknownType: 'Het paneel "%{type}" bestaat (nog) niet.',
    },
    mediaFile: {
      choose: 'Kiezen',
      none: 'Geen bestand gekozen',
    },
    color: {
      pick: 'Kleur kiezen voor %{label}',
      invalid: 'Kies een kleur in de vorm #rrggbb, bijvoorbeeld #1f5fa8.',
    },
    // Date fields are typed day first, whatever the browser's language (declarative/DutchDateInput.tsx).
    date: {
      invalid: 'Vul een datum in als dd-mm-jjjj, bijvoorbeeld 31-12-2026.',
      invalidMoment: 'Vul een datum en tijd in als dd-mm-jjjj uu:mm, bijvoorbeeld 31-12-2026 18:30.',
      dutch_time: 'Nederlandse tijd.',
    },
  },
};
