/**
 * Dutch messages of the platform administration (environments and their members, for platform
 * administrators), under `app.platform.*`. Merged into the console's messages by src/i18n/nl.ts.
 */
export const platformNl = {
  app: {
    menu: { platform: 'Platformbeheer' },
    platform: {
      environments: {
        one: 'Omgeving',
        many: 'Omgevingen',
        title: 'Platformbeheer: omgevingen',
        create: 'Nieuwe omgeving',
        empty: 'Er zijn nog geen omgevingen.',
        required_name: 'Naam is een verplicht veld',
        invalid_color: 'Kies een kleur zoals #1f5fa8',
        fields: {
          name: 'Naam',
          primaryColor: 'Hoofdkleur',
          memberCount: 'Leden',
          isDefault: 'Standaard',
        },
      },
      members: {
        one: 'Lid',
        many: 'Leden',
        create: 'Lid toevoegen',
        empty: 'Deze omgeving heeft nog geen leden.',
        required_email: 'E-mailadres is een verplicht veld',
        delete_confirm: 'Weet je zeker dat je %{recordRepresentation} uit deze omgeving wilt verwijderen?',
        fields: {
          username: 'E-mailadres',
          name: 'Naam',
          signedIn: 'Al ingelogd',
          email: 'E-mailadres',
        },
      },
    },
  },
};
