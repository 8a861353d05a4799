/**
 * Dutch messages of the members and their roles (`app.members.*`); the role names themselves come from
 * the contract (contract/memberRoles.ts). Merged into the console's messages by src/i18n/nl.ts.
 */
export const membersNl = {
  app: {
    menu: { members: 'Leden' },
    members: {
      one: 'Lid',
      many: 'Leden',
      empty: 'Deze omgeving heeft nog geen leden.',
      edit: 'Rol van %{username}',
      edit_description:
        'De rol bepaalt wat %{username} in deze omgeving mag. Je eigen rol wijzig je niet; dat doet een andere Beheerder of een platformbeheerder.',
      saved: 'Rol opgeslagen',
      required_role: 'Rol is een verplicht veld',
      role_help:
        'Lezer ziet alles en wijzigt niets; Redacteur werkt aan inhoud en ontvangers; Verzender verspreidt ook; Beheerder mag alles, ook instellingen en rollen.',
      fields: {
        username: 'E-mailadres',
        name: 'Naam',
        role: 'Rol',
      },
    },
  },
};
