/** Dutch messages of the Journeys area, under `app.journeys.*`; merged by src/i18n/nl.ts. */
export const journeysNl = {
  app: {
    menu: { journeys: 'Journeys' },
    journeys: {
      one: 'Journey',
      many: 'Journeys',
      title: 'Journeys',
      empty: 'Er zijn nog geen journeys.',
      create: 'Nieuwe journey',
      back: 'Terug naar journeys',
      not_found: 'Deze journey bestaat niet (meer).',
      required_name: 'Naam is een verplicht veld',
      fields: {
        name: 'Naam',
        state: 'Status',
        triggerKinds: 'Triggers',
        activePeople: 'Actieve mensen',
        lastError: 'Laatste fout',
        createdAt: 'Aangemaakt',
      },
      draft: 'Er zijn niet-gepubliceerde wijzigingen',
    },
  },
};
