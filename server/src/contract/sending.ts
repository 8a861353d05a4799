import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Text } from './common';

const Timestamp = Type.String({ format: 'date-time' });

// Who an environment's messages come from and the domain they are sent and signed from (extensions,
// Instellingen › Afzender and › Verzenddomein). A DKIM private key never appears in any of these answers.

export const dnsRecordKinds = ['dkim', 'spf', 'dmarc'] as const;
export const recordCheckStatuses = ['ok', 'missing', 'wrong', 'error'] as const;

/** What the last check found for one record, in Dutch. */
export const RecordCheck = Type.Object({
  status: StringEnum(recordCheckStatuses),
  message: Type.String(),
});
export type RecordCheck = Static<typeof RecordCheck>;

/** A DNS record the administrator creates, exactly as it is to be typed, with the last check's finding. */
export const DnsRecord = Type.Object({
  kind: StringEnum(dnsRecordKinds),
  type: Type.Literal('TXT'),
  name: Type.String({ description: 'The full host name, e.g. dpp202611a1b2._domainkey.zuiderveen.nl.' }),
  value: Type.String(),
  note: Nullable(Type.String()),
  keepUntil: Nullable(Timestamp),
  check: Nullable(RecordCheck),
});
export type DnsRecord = Static<typeof DnsRecord>;

export const SendingDomain = Type.Object({
  domain: Type.String(),
  verified: Type.Boolean({ description: 'True while the last check found every record right.' }),
  checkedAt: Nullable(Timestamp),
  records: Type.Array(DnsRecord),
});
export type SendingDomain = Static<typeof SendingDomain>;

/** GET /sender: the environment's sender, its domain and whether it can send. */
export const SenderSettings = Type.Object({
  id: Type.Literal('sender', { description: 'Fixed: one per environment.' }),
  senderName: Nullable(Type.String()),
  senderAddress: Nullable(Type.String()),
  replyToAddress: Nullable(Type.String()),
  from: Type.String({
    description: "The From line messages get: 'Naam <adres>' (MAIL_FROM when no address is set).",
  }),
  domain: Nullable(SendingDomain),
  readiness: Nullable(
    Type.String({ description: 'Why sending is refused now, in Dutch; null when it can send.' }),
  ),
  catcher: Type.Boolean({
    description: 'True when mail goes to the embedded development catcher, which accepts any sender.',
  }),
});
export type SenderSettings = Static<typeof SenderSettings>;

const optionalAddress = Type.Optional(Nullable(Text({ maxLength: 254 })));

/** PUT /sender: empty or null clears a value (the address then falls back to MAIL_FROM). */
export const UpdateSenderBody = Type.Object({
  senderName: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  senderAddress: optionalAddress,
  replyToAddress: optionalAddress,
});
export type UpdateSenderBody = Static<typeof UpdateSenderBody>;

/** PUT /sender/domain: the domain to send from; a new one gets a new DKIM key pair. */
export const UpdateSendingDomainBody = Type.Object({ domain: Text({ maxLength: 253 }) });
export type UpdateSendingDomainBody = Static<typeof UpdateSendingDomainBody>;
