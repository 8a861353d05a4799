import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Offset, Limit, StringEnum, Uuid } from './common';
import { auditLogKinds, auditLogResourceTypes, logRetentionChoices } from './auditLogKinds';

export * from './auditLogKinds';

/** One entry of the Logboek. */
export const AuditLogEntry = Type.Object({
  id: Uuid,
  occurredAt: Type.String({ format: 'date-time' }),
  actorUserId: Nullable(Uuid),
  actorName: Type.String({ description: 'The name the member had at the time.' }),
  kind: StringEnum(auditLogKinds),
  resourceType: StringEnum(auditLogResourceTypes),
  resourceId: Nullable(Type.String()),
  resourceLabel: Nullable(Type.String({ description: 'A short non-personal name: a title, a list name.' })),
  rowCount: Nullable(Type.Integer({ description: 'Rows of an import or export, recipients of a delivery.' })),
  detail: Nullable(Type.String({ description: 'A short fact: a legal basis, a planned moment, a role.' })),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

const filterProperties = {
  actorUserId: Type.Optional(Uuid),
  kind: Type.Optional(StringEnum(auditLogKinds)),
  from: Type.Optional(Type.String({ format: 'date', description: 'First day (Amsterdam time), inclusive.' })),
  until: Type.Optional(Type.String({ format: 'date', description: 'Last day (Amsterdam time), inclusive.' })),
};

/** GET /auditlog: newest first, filtered by member, kind and period. */
export const AuditLogQuery = Type.Object({
  ...filterProperties,
  offset: Type.Optional(Offset),
  limit: Type.Optional(Limit),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

/** GET /auditlog/export: the same filters, every matching entry. */
export const AuditLogExportQuery = Type.Object(filterProperties);
export type AuditLogExportQuery = Static<typeof AuditLogExportQuery>;

/** Someone who appears in the Logboek, for the member filter (former members too). */
export const AuditLogActor = Type.Object({ id: Uuid, name: Type.String() });
export type AuditLogActor = Static<typeof AuditLogActor>;

const retentionMonths = Type.Integer({
  enum: [...logRetentionChoices],
  description: `How many months entries are kept: one of ${logRetentionChoices.join(', ')}.`,
});

export const AuditLogSettings = Type.Object({ id: Type.Literal('auditlog'), retentionMonths });
export type AuditLogSettings = Static<typeof AuditLogSettings>;

export const AuditLogSettingsBody = Type.Object({ retentionMonths });
export type AuditLogSettingsBody = Static<typeof AuditLogSettingsBody>;

/** One entry of the platform log: an environment or member change, with its environment's name. */
export const PlatformLogEntry = Type.Composite([
  AuditLogEntry,
  Type.Object({ environmentId: Uuid, environmentName: Type.String() }),
]);
export type PlatformLogEntry = Static<typeof PlatformLogEntry>;

export const PlatformLogQuery = Type.Object({ offset: Type.Optional(Offset), limit: Type.Optional(Limit) });
export type PlatformLogQuery = Static<typeof PlatformLogQuery>;
