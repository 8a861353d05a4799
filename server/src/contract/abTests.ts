import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Text, Uuid } from './common';
import { maxPreheaderLength, maxSubjectLength } from './mailLimits';

// Contract of A/B tests (issue 40): a delivery job can test 2 to 4 variants of one field on a share of its
// recipients and send the winner to the rest (server/src/abTests/).

/** 'content': the variants' blocks (A the publication's own, B to D its content variants). */
export const abTestFields = ['subject', 'preheader', 'senderName', 'content'] as const;
export type AbTestField = (typeof abTestFields)[number];

/** 'humanOpens': unique opens by people (machine opens left out); 'manual': 'Zelf kiezen'. */
export const abTestDecisions = ['humanOpens', 'clicks', 'manual'] as const;
export type AbTestDecision = (typeof abTestDecisions)[number];

export const abTestLimits = {
  minVariants: 2,
  maxVariants: 4,
  minSharePercent: 2,
  maxSharePercent: 100,
  minWaitHours: 1,
  maxWaitHours: 72,
} as const;

/** The longest value of each field (the publication's own limits). */
export const abTestValueLength: Record<AbTestField, number> = {
  subject: maxSubjectLength,
  preheader: maxPreheaderLength,
  senderName: 100,
  content: 1,
};

/** The name of the n-th variant: 'A', 'B', … */
export const variantLabel = (position: number) => String.fromCharCode(65 + position);

/** The `abTest` of POST /deliveryjobs (extension). */
export const AbTestSetup = Type.Object({
  field: StringEnum(abTestFields, { description: 'What the variants differ in.' }),
  variants: Type.Array(Text({ maxLength: maxPreheaderLength }), {
    minItems: abTestLimits.minVariants,
    maxItems: abTestLimits.maxVariants,
    description:
      "Each variant's value of the field, in order; for 'content' the variants' labels ('A', 'B', …): 'A' " +
      "sends the publication's own blocks, the others its content variants (GET /publications/{id}/variants).",
  }),
  sharePercent: Type.Integer({
    minimum: abTestLimits.minSharePercent,
    maximum: abTestLimits.maxSharePercent,
    description: 'The percentage of the recipients the test goes to, split evenly over the variants.',
  }),
  waitHours: Type.Integer({
    minimum: abTestLimits.minWaitHours,
    maximum: abTestLimits.maxWaitHours,
    description: 'Hours after the test starts when the winner is chosen (not for manual).',
  }),
  decideBy: StringEnum(abTestDecisions, {
    description: "'humanOpens' (unique opens by people), 'clicks' (unique clicks) or 'manual' (Zelf kiezen).",
  }),
});
export type AbTestSetup = Static<typeof AbTestSetup>;

export const abTestStates = [
  'Gepland',
  'Test loopt',
  'Wacht op keuze',
  'Winnaar wordt verzonden',
  'Winnaar verzonden',
  'Geannuleerd',
] as const;
export type AbTestState = (typeof abTestStates)[number];

export const AbTestVariant = Type.Object({
  label: Type.String({ description: "'A', 'B', …" }),
  value: Type.String(),
  jobId: Uuid,
  status: Type.String({ description: "The variant job's status." }),
  recipients: Type.Integer({ minimum: 0 }),
  sent: Type.Integer({ minimum: 0 }),
  humanOpens: Type.Integer({ minimum: 0, description: 'Unique opens by people (machine opens left out).' }),
  clicks: Type.Integer({ minimum: 0, description: 'Unique clicks by people.' }),
  unsubscribed: Type.Integer({ minimum: 0 }),
  bounces: Type.Integer({ minimum: 0 }),
});
export type AbTestVariant = Static<typeof AbTestVariant>;

/** GET /deliveryjobs/{id}/abtest: the test the job belongs to (its parent, a variant or the remainder). */
export const AbTest = Type.Object({
  id: Uuid,
  parentJobId: Uuid,
  publicationId: Uuid,
  field: StringEnum(abTestFields),
  sharePercent: Type.Integer(),
  waitHours: Type.Integer(),
  decideBy: StringEnum(abTestDecisions),
  state: StringEnum(abTestStates),
  decideAt: Nullable(Type.String({ format: 'date-time', description: 'When the winner is chosen.' })),
  winner: Nullable(Type.String({ description: "The winning variant's label." })),
  decisionReason: Nullable(Type.String({ description: 'Why it won (Dutch).' })),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  remainderJobId: Nullable(Uuid),
  /** Recipients the winner goes to: waiting until the decision, then the remainder job's. */
  remainderRecipients: Type.Integer({ minimum: 0 }),
  remainderSent: Type.Integer({ minimum: 0 }),
  variants: Type.Array(AbTestVariant),
});
export type AbTest = Static<typeof AbTest>;

/** POST /deliveryjobs/{id}/abtest/winner: 'Zelf kiezen'. */
export const ChooseAbTestWinnerBody = Type.Object({
  winner: Type.String({ minLength: 1, maxLength: 1, description: "The variant's label ('A', 'B', …)." }),
});
export type ChooseAbTestWinnerBody = Static<typeof ChooseAbTestWinnerBody>;
