import { auditLogKindLabels, auditLogKinds, type AuditLogKind } from '@contract/auditLogKinds';

/**
 * The kinds' Dutch names under `app.auditLog.kinds.<area>.<action>` ('delivery.requested' is a path of
 * two keys): the server's own names, which its CSV export writes too, so that screen and file agree.
 */
function kindMessages(): Record<string, Record<string, string>> {
  const messages: Record<string, Record<string, string>> = {};
  for (const kind of auditLogKinds) {
    const [area, action] = kind.split('.') as [string, string];
    messages[area] = { ...messages[area], [action]: auditLogKindLabels[kind] };
  }
  return messages;
}

/** The i18n key of a kind's Dutch name. */
export function auditLogKindKey(kind: AuditLogKind): string {
  return `app.auditLog.kinds.${kind}`;
}

/** A retention term in Dutch: '6 maanden', '2 jaar'. */
export function logRetentionTerm(months: number): string {
  return months % 12 === 0 ? `${months / 12} jaar` : `${months} maanden`;
}

/**
 * Dutch messages of the Logboek (who did what when, under Leden), its retention under Instellingen and
 * the platform log, under `app.auditLog.*`. Merged into the console's messages by src/i18n/nl.ts.
 */
export const auditLogNl = {
  app: {
    menu: { auditLog: 'Logboek', platformLog: 'Platformlogboek' },
    auditLog: {
      one: 'Logboekregel',
      many: 'Logboek',
      title: 'Logboek',
      empty: 'Er staat nog niets in het logboek.',
      export: 'Exporteren',
      kinds: kindMessages(),
      fields: {
        occurredAt: 'Moment',
        actorName: 'Lid',
        actorUserId: 'Lid',
        kind: 'Handeling',
        resourceLabel: 'Onderdeel',
        detail: 'Toelichting',
        rowCount: 'Aantal',
        from: 'Vanaf',
        until: 'Tot en met',
        environmentName: 'Omgeving',
      },
      platform: {
        title: 'Platformlogboek',
        empty: 'Er zijn nog geen omgevingen of leden gewijzigd.',
      },
      retention: {
        title: 'Bewaartermijn Logboek',
        intro:
          'Hoe lang het logboek bewaard blijft. Oudere regels worden elke nacht verwijderd. Zonder keuze is dat 2 jaar.',
        field: 'Bewaartermijn',
        summary: 'Het logboek wordt %{term} bewaard.',
        saved: 'De bewaartermijn van het logboek is opgeslagen',
      },
    },
  },
};
