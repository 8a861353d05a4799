import { Type, type Static } from '@sinclair/typebox';
import { MultilineText, Page, StringEnum, Text, Uuid, pagingProperties } from './common';

// Analytics of delivered publications and the 'Meten' setting (server/src/analytics/).

export const MeasuringMode = Type.Union(
  [
    Type.Literal('Uit'),
    Type.Literal('Alleen totalen'),
    Type.Literal('Per persoon gepseudonimiseerd'),
    Type.Literal('Per persoon'),
  ],
  { description: "'Meten': Uit, Alleen totalen (default), Per persoon gepseudonimiseerd or Per persoon." },
);

/** The modes that keep who opened and clicked (a recipient with each event). */
export const personalMeasuringModes: readonly string[] = ['Per persoon gepseudonimiseerd', 'Per persoon'];

/** Body and answer of the 'Meten' setting; 'Per persoon' needs the legal basis staff recorded. */
export const MeasuringSetting = Type.Object({
  mode: MeasuringMode,
  legalBasis: Type.Union([MultilineText({ minLength: 1, maxLength: 2000 }), Type.Null()], {
    description: "The legal basis (AVG art. 6) for 'Per persoon'; required there, ignored otherwise.",
  }),
});
export type MeasuringSetting = Static<typeof MeasuringSetting>;

/** A publication's setting: its own mode (null: the environment's) and the mode that applies. */
export const PublicationMeasuring = Type.Object({
  own: Type.Union([MeasuringMode, Type.Null()]),
  mode: MeasuringMode,
  environmentMode: MeasuringMode,
  legalBasis: Type.Union([Type.String(), Type.Null()]),
});
export type PublicationMeasuring = Static<typeof PublicationMeasuring>;

export const PublicationMeasuringBody = Type.Object({
  mode: Type.Union([MeasuringMode, Type.Null()], {
    description: "The publication's own mode; null follows the environment.",
  }),
  legalBasis: Type.Union([MultilineText({ minLength: 1, maxLength: 2000 }), Type.Null()]),
});
export type PublicationMeasuringBody = Static<typeof PublicationMeasuringBody>;

export const AnalyticsQuery = Type.Object({
  jobId: Type.Optional(Uuid),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

const Counts = Type.Object({ unique: Type.Integer(), total: Type.Integer(), machine: Type.Integer() });

export const AnalyticsReport = Type.Object({
  mode: MeasuringMode,
  sending: Type.Boolean({ description: 'A job is sending: the page reads again every 5 s.' }),
  jobs: Type.Array(
    Type.Object({
      id: Uuid,
      title: Type.String(),
      status: Type.String(),
      mode: Type.Union([MeasuringMode, Type.Null()]),
    }),
  ),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  bounces: Type.Integer({ description: 'Messages that bounced: hardBounces + softBounces.' }),
  hardBounces: Type.Integer({
    description: 'Refused permanently (SMTP 5xx when sending, or a DSN with status 5.x.x).',
  }),
  softBounces: Type.Integer({
    description: 'Refused temporarily until the tries ran out (SMTP 4xx, or a DSN with status 4.x.x).',
  }),
  complaints: Type.Integer({ description: 'Messages reported as spam (ARF abuse reports).' }),
  unsubscribed: Type.Integer(),
  opens: Counts,
  clicks: Counts,
  series: Type.Array(
    Type.Object({ at: Type.String({ format: 'date-time' }), opens: Type.Integer(), clicks: Type.Integer() }),
  ),
  links: Type.Array(Type.Object({ url: Type.String(), unique: Type.Integer(), total: Type.Integer() })),
  rsvp: Type.Union(
    [
      Type.Object({
        yes: Type.Integer({ minimum: 0, description: 'Persons accepted (invitees plus guests).' }),
        no: Type.Integer({ minimum: 0 }),
        maybe: Type.Integer({ minimum: 0 }),
        noAnswer: Type.Integer({ minimum: 0 }),
      }),
      Type.Null(),
    ],
    {
      description:
        "An invitation's answers, as GET /publications/{id}/rsvp/summary counts them (all jobs); null when the publication is no invitation.",
    },
  ),
});
export type AnalyticsReport = Static<typeof AnalyticsReport>;

export const recipientResultSortFields = ['recipient', 'opens', 'clicks', 'firstOpenedAt'] as const;
export type RecipientResultSortField = (typeof recipientResultSortFields)[number];

/** One page of the recipient table: all jobs or one, searched by part of the address or pseudonym. */
export const RecipientResultsQuery = Type.Object({
  jobId: Type.Optional(Uuid),
  ...pagingProperties('Part of the address (or the pseudonym), any case.'),
  sort: Type.Optional(StringEnum(recipientResultSortFields)),
});
export type RecipientResultsQuery = Static<typeof RecipientResultsQuery>;

/** The recipient table as CSV: every row (in sending order), all jobs or one, optionally searched. */
export const RecipientResultsCsvQuery = Type.Object({
  jobId: Type.Optional(Uuid),
  search: Type.Optional(Text({ maxLength: 200, description: 'Part of the address (or the pseudonym).' })),
});
export type RecipientResultsCsvQuery = Static<typeof RecipientResultsCsvQuery>;

export const RecipientResult = Type.Object(
  {
    id: Type.String({
      description:
        'A stable key of the row (a keyed hash of the message, never the address or a database id).',
    }),
    recipient: Type.String({ description: "The address ('Per persoon') or a pseudonym." }),
    opens: Type.Integer(),
    clicks: Type.Integer(),
    firstOpenedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    bounce: Type.Union([Type.Literal('hard'), Type.Literal('soft'), Type.Null()], {
      description: "Whether the message bounced: 'hard', 'soft' or null.",
    }),
  },
  { title: 'RecipientResult' },
);
export type RecipientResult = Static<typeof RecipientResult>;

export const RecipientResultPage = Page(RecipientResult);
export type RecipientResultPage = Static<typeof RecipientResultPage>;
