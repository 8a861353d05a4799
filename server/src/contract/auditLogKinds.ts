// The Logboek's closed lists as plain values (no TypeBox), so the console imports them at run time:
// every kind of entry and every type of resource, each with the Dutch text staff read in the console
// and in the CSV export.

/** What happened, by kind. The approval kinds and the role change are written by their own areas. */
export const auditLogKinds = [
  'delivery.requested',
  'delivery.approved',
  'delivery.rejected',
  'delivery.started',
  'delivery.planned',
  'delivery.moved',
  'delivery.cancelled',
  'testSend.sent',
  'publication.deleted',
  'list.deleted',
  'subscriber.deleted',
  'audience.deleted',
  'mediaFile.deleted',
  'form.deleted',
  'journey.deleted',
  'journey.requested',
  'journey.approved',
  'journey.rejected',
  'journey.published',
  'list.imported',
  'list.exported',
  'settings.changed',
  'sender.changed',
  'sendingDomain.changed',
  'dkim.rotated',
  'measuring.changed',
  'logRetention.changed',
  'environment.created',
  'member.added',
  'member.removed',
  'member.roleChanged',
  'person.erased',
] as const;
export type AuditLogKind = (typeof auditLogKinds)[number];

/** The Dutch name of each kind. */
export const auditLogKindLabels: Record<AuditLogKind, string> = {
  'delivery.requested': 'Verspreiding aangevraagd',
  'delivery.approved': 'Verspreiding goedgekeurd',
  'delivery.rejected': 'Verspreiding afgewezen',
  'delivery.started': 'Verspreiding gestart',
  'delivery.planned': 'Verspreiding ingepland',
  'delivery.moved': 'Verspreiding verplaatst',
  'delivery.cancelled': 'Verspreiding geannuleerd',
  'testSend.sent': 'Testbericht verstuurd',
  'publication.deleted': 'Publicatie verwijderd',
  'list.deleted': 'Lijst verwijderd',
  'subscriber.deleted': 'Abonnee verwijderd',
  'audience.deleted': 'Doelgroep verwijderd',
  'mediaFile.deleted': 'Bestand verwijderd',
  'form.deleted': 'Formulier verwijderd',
  'journey.deleted': 'Traject verwijderd',
  'journey.requested': 'Publiceren traject aangevraagd',
  'journey.approved': 'Publiceren traject goedgekeurd',
  'journey.rejected': 'Publiceren traject afgewezen',
  'journey.published': 'Traject gepubliceerd',
  'list.imported': 'Lijst geïmporteerd',
  'list.exported': 'Lijst geëxporteerd',
  'settings.changed': 'Huisstijl gewijzigd',
  'sender.changed': 'Afzender gewijzigd',
  'sendingDomain.changed': 'Verzenddomein gewijzigd',
  'dkim.rotated': 'DKIM-sleutel vervangen',
  'measuring.changed': 'Meetwijze gewijzigd',
  'logRetention.changed': 'Bewaartermijn logboek gewijzigd',
  'environment.created': 'Omgeving aangemaakt',
  'member.added': 'Lid toegevoegd',
  'member.removed': 'Lid verwijderd',
  'member.roleChanged': 'Rol gewijzigd',
  'person.erased': 'Gegevens van een persoon gewist',
};

/** The kinds the platform log shows: changes to environments and their members. */
export const platformLogKinds = [
  'environment.created',
  'member.added',
  'member.removed',
  'member.roleChanged',
] as const satisfies readonly AuditLogKind[];

/** What the change was made to. */
export const auditLogResourceTypes = [
  'deliveryJob',
  'publication',
  'list',
  'subscriber',
  'audience',
  'mediaFile',
  'form',
  'journey',
  'theme',
  'sender',
  'sendingDomain',
  'measuring',
  'auditLog',
  'environment',
  'member',
  'person',
] as const;
export type AuditLogResourceType = (typeof auditLogResourceTypes)[number];

/** The Dutch name of each resource type. */
export const auditLogResourceTypeLabels: Record<AuditLogResourceType, string> = {
  deliveryJob: 'Verzending',
  publication: 'Publicatie',
  list: 'Lijst',
  subscriber: 'Abonnee',
  audience: 'Doelgroep',
  mediaFile: 'Bestand',
  form: 'Formulier',
  journey: 'Traject',
  theme: 'Huisstijl',
  sender: 'Afzender',
  sendingDomain: 'Verzenddomein',
  measuring: 'Meten',
  auditLog: 'Logboek',
  environment: 'Omgeving',
  member: 'Lid',
  person: 'Persoon',
};

/** How long entries are kept unless an environment sets another term: two years. */
export const defaultLogRetentionMonths = 24;
/** The terms an environment may choose from, in months. */
export const logRetentionChoices = [6, 12, 24, 36, 60, 84] as const;
