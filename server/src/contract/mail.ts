import { Type, type Static } from '@sinclair/typebox';
import { Limit, Offset, Text, Uuid } from './common';
import { maxTestSendAddresses } from './mailLimits';

// The embedded mail catcher (outside production: what the platform sent, kept instead of delivered) and
// the test send of a publication. Extensions: the spec shows neither.

/** A caught message's id: its arrival time in ms (15 digits) and 12 hex digits. */
export const CaughtMessageId = Type.String({ pattern: '^\\d{15}-[0-9a-f]{12}$' });

export const CaughtMessageSummary = Type.Object({
  id: CaughtMessageId,
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  receivedAt: Type.String({ format: 'date-time', description: 'When the catcher received it.' }),
});
export type CaughtMessageSummary = Static<typeof CaughtMessageSummary>;

export const CaughtMessage = Type.Object({
  ...CaughtMessageSummary.properties,
  headers: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), {
    description: 'Every header as it arrived, in order (folded lines joined).',
  }),
  text: Type.Union([Type.String(), Type.Null()], { description: 'The plain-text part; null without one.' }),
  html: Type.Union([Type.String(), Type.Null()], {
    description:
      'The HTML part as sent; null without one. Show it sandboxed: it is mail, not console content.',
  }),
});
export type CaughtMessage = Static<typeof CaughtMessage>;

export const CaughtMessagesQuery = Type.Object({
  search: Type.Optional(
    Text({ maxLength: 200, description: 'Only messages whose recipient or subject contains this text.' }),
  ),
  offset: Type.Optional(Offset),
  limit: Type.Optional(Limit),
});
export type CaughtMessagesQuery = Static<typeof CaughtMessagesQuery>;

export const CaughtMessagePage = Type.Object({
  data: Type.Array(CaughtMessageSummary),
  total: Type.Integer({ minimum: 0 }),
});
export type CaughtMessagePage = Static<typeof CaughtMessagePage>;

export const CaughtMessageParams = Type.Object({ id: CaughtMessageId });
export type CaughtMessageParams = Static<typeof CaughtMessageParams>;

/** POST /publications/{id}/test-sends: the publication through one of its templates to typed addresses. */
export const TestSendBody = Type.Object({
  templateId: Uuid,
  addresses: Type.Array(Text({ maxLength: 320 }), {
    minItems: 1,
    maxItems: maxTestSendAddresses,
    description: 'E-mail addresses, not necessarily subscribers; the same address twice is sent once.',
  }),
});
export type TestSendBody = Static<typeof TestSendBody>;

export const TestSendResult = Type.Object({
  results: Type.Array(
    Type.Object({
      address: Type.String(),
      sent: Type.Boolean(),
      error: Type.Optional(
        Type.String({ description: 'Why the mail server refused it (when sent is false).' }),
      ),
    }),
  ),
});
export type TestSendResult = Static<typeof TestSendResult>;
