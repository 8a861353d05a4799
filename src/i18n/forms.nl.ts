import {
  fieldOptionFieldNames,
  flowFieldNames,
  formFieldFieldNames,
  formFieldTypeNames,
  formFieldTypes,
  requiredFieldMessage,
  unlimitedAnswersText,
} from '@contract/formRules';

/**
 * Dutch messages of the Forms area (forms, their questions, options and answers), under
 * `app.forms.*`. Merged into the console's messages by src/i18n/nl.ts. Field names and required-field
 * messages are the server's (@contract/formRules), so the console and the 400 answers say the same.
 */
export const formsNl = {
  app: {
    forms: {
      flows: {
        one: 'Formulier',
        many: 'Formulieren',
        title: 'Formulieren',
        empty: 'Er zijn nog geen formulieren. Maak er een met Nieuw formulier.',
        back: 'Alle formulieren',
        create: 'Nieuw formulier',
        edit: 'Formulier aanpassen',
        answers: 'Antwoorden',
        delete: 'Verwijderen',
        delete_title: 'Formulier %{recordRepresentation} verwijderen?',
        delete_content:
          'Ook de vragen, opties en antwoorden worden verwijderd. Dit kun je niet ongedaan maken.',
        deleted: 'Formulier %{recordRepresentation} is verwijderd.',
        not_found: 'Dit formulier bestaat niet (meer).',
        open: 'Open',
        closed: 'Gesloten',
        closes: 'Sluit op %{moment}',
        fields: {
          name: flowFieldNames.name,
          name_help: 'Alleen voor jou en je collega’s',
          title: flowFieldNames.title,
          title_help: 'Boven het formulier op de openbare pagina',
          description: flowFieldNames.description,
          isClosed: flowFieldNames.isClosed,
          isClosed_help: 'Een gesloten formulier neemt geen antwoorden meer aan',
          closesAt: flowFieldNames.closesAt,
          closesAt_help: 'Vanaf dit moment neemt het formulier geen antwoorden meer aan (leeg: nooit)',
          isOpen: 'Open',
          fieldCount: 'Vragen',
          submissionCount: 'Antwoorden',
          createdAt: 'Aangemaakt op',
        },
        required: { name: requiredFieldMessage(flowFieldNames.name) },
        public_address: {
          label: 'Openbare pagina:',
          copy: 'Adres kopiëren',
          copied: 'Het adres is gekopieerd.',
          copy_failed: 'Kopiëren is niet gelukt; selecteer het adres en kopieer het zelf.',
        },
      },
      questions: {
        one: 'Vraag',
        many: 'Vragen',
        title: 'Vragen',
        empty: 'Dit formulier heeft nog geen vragen.',
        delete_content:
          'Weet je zeker dat je vraag %{recordRepresentation} wilt verwijderen? Ook de opties en alle antwoorden op deze vraag worden verwijderd.',
        back: 'Terug naar het formulier',
        page_title: 'Vraag',
        type_summary: 'Type: %{type}',
        text_has_no_options: 'Een tekstvraag heeft geen opties: men typt het antwoord.',
        not_found: 'Deze vraag bestaat niet (meer).',
        create: 'Nieuwe vraag',
        edit: 'Vraag aanpassen',
        types: {
          radio: formFieldTypeNames[formFieldTypes.radio],
          text: formFieldTypeNames[formFieldTypes.text],
        },
        fields: {
          label: formFieldFieldNames.label,
          type: formFieldFieldNames.type,
          required: formFieldFieldNames.required,
          required_help: 'Uit: de vraag mag leeg blijven',
          optionCount: 'Opties',
        },
        required: {
          label: requiredFieldMessage(formFieldFieldNames.label),
          type: requiredFieldMessage(formFieldFieldNames.type),
        },
      },
      options: {
        one: 'Optie',
        many: 'Opties',
        title: 'Opties',
        empty: 'Deze vraag heeft nog geen opties.',
        delete_content: 'Weet je zeker dat je optie %{recordRepresentation} wilt verwijderen?',
        create: 'Nieuwe optie',
        edit: 'Optie aanpassen',
        unlimited: unlimitedAnswersText,
        fields: {
          label: fieldOptionFieldNames.label,
          maxAnswers: fieldOptionFieldNames.maxAnswers,
          maxAnswers_help: '0 = onbeperkt',
          taken: 'Gekozen',
          left: 'Plaatsen over',
        },
        required: {
          label: requiredFieldMessage(fieldOptionFieldNames.label),
          maxAnswers: requiredFieldMessage(fieldOptionFieldNames.maxAnswers),
        },
        negative: 'Het aantal kan niet negatief zijn',
      },
      answers: {
        one: 'Antwoord',
        many: 'Antwoorden',
        page_title: 'Antwoorden: %{name}',
        back: 'Terug naar %{name}',
        heading: 'Antwoorden op %{name}',
        csv: 'CSV downloaden',
        count: '%{smart_count} keer ingevuld',
        submissions: 'Inzendingen',
        none: 'Dit formulier is nog niet ingevuld.',
        fields: { createdAt: 'Ingevuld op' },
      },
      counts: {
        one: 'Telling',
        many: 'Tellingen',
        title: 'Keuzes',
        empty: 'Dit formulier heeft geen keuzevragen.',
        fields: {
          fieldLabel: 'Vraag',
          label: 'Optie',
          taken: 'Gekozen',
          maxAnswers: 'Maximum',
          left: 'Plaatsen over',
        },
      },
    },
  },
};
