import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable, StringEnum, Text, Uuid } from './common';
import { filterFields, filterOperators, type FilterField } from './receiverFields';

// Journeys: automatic series of steps a person goes through after a trigger. A journey's graph (its
// triggers, steps and settings) is one JSON document; every published version is an immutable copy of it.
// The kinds of trigger and of condition are lists here so a new kind (an RSVP answer, a click) is one
// entry in each list (and one in the server's and the console's registry), not a new shape.

const Timestamp = Type.String({ format: 'date-time' });
const StepId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });
const TimeOfDay = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: 'HH:MM, Europe/Amsterdam.',
});

export const journeyStates = ['Concept', 'Actief', 'Gepauzeerd', 'Gestopt'] as const;
export type JourneyState = (typeof journeyStates)[number];

export const enrollmentStates = ['Actief', 'Klaar', 'Verlaten', 'Fout'] as const;
export type EnrollmentState = (typeof enrollmentStates)[number];

/** The subscriber fields a condition may read: those of audience filters (receiverFields.ts). */
export const journeyFields = filterFields;
export type JourneyField = FilterField;
/** The subscriber fields 'Veld bijwerken' may set: all but the address (the person's identity here). */
export type UpdatableField = Exclude<JourneyField, 'email'>;
export const updatableFields = journeyFields.filter(
  (field): field is UpdatableField => field !== 'email',
) as readonly UpdatableField[] as readonly [UpdatableField, ...UpdatableField[]]; // a tuple, as StringEnum types from one

/** The five operators of the spec's audience filters. */
export const journeyOperators = filterOperators;
export type JourneyOperator = (typeof journeyOperators)[number];

// ---- Triggers (one entry each; at most three per journey) ----

export const AddedToListTrigger = Type.Object({
  kind: Type.Literal('addedToList'),
  listId: Uuid,
  includeImports: Type.Boolean({ description: 'False: people added by an import do not start the journey.' }),
});
export const FormAnsweredTrigger = Type.Object({
  kind: Type.Literal('formAnswered'),
  flowId: Uuid,
  emailFieldId: Type.String({
    format: 'uuid',
    description: 'The text question that holds the e-mail address.',
  }),
  optionId: Type.Optional(Nullable(Uuid)),
});
export const DateTrigger = Type.Object({
  kind: Type.Literal('date'),
  listId: Uuid,
  attribute: Type.Integer({ minimum: 1, maximum: 9, description: 'The list attribute holding the date.' }),
  mode: StringEnum(['before', 'on', 'after', 'yearly']),
  days: Type.Integer({ minimum: 0, maximum: 365 }),
  time: TimeOfDay,
});
export const ManualTrigger = Type.Object({ kind: Type.Literal('manual') });
/** The answers an invitee can give (as RSVP stores them). */
export const rsvpAnswers = ['Ja', 'Nee', 'Misschien'] as const;
export const RsvpAnsweredTrigger = Type.Object({
  kind: Type.Literal('rsvpAnswered'),
  publicationId: Uuid,
  answer: Type.Optional(Nullable(StringEnum(rsvpAnswers, { description: 'Null: any answer.' }))),
});

export const triggerSchemas = [
  AddedToListTrigger,
  FormAnsweredTrigger,
  DateTrigger,
  ManualTrigger,
  RsvpAnsweredTrigger,
] as const;
export const JourneyTrigger = Type.Union([...triggerSchemas]);
export type JourneyTrigger = Static<typeof JourneyTrigger>;
export type TriggerKind = JourneyTrigger['kind'];

// ---- Conditions (one entry each) ----

export const FieldCondition = Type.Object({
  kind: Type.Literal('field'),
  field: StringEnum(journeyFields),
  operator: StringEnum(journeyOperators),
  value: Text({ maxLength: 500 }),
});
export const FormAnswerCondition = Type.Object({
  kind: Type.Literal('formAnswer'),
  flowId: Uuid,
  emailFieldId: Uuid,
  optionId: Uuid,
});

/** The person's answer (as it stands) to an invitation. */
export const RsvpAnswerCondition = Type.Object({
  kind: Type.Literal('rsvpAnswer'),
  publicationId: Uuid,
  answer: StringEnum(rsvpAnswers),
});
/** A person clicked a link in the publication as this journey sent it (personal measuring modes only). */
export const ClickedInCondition = Type.Object({
  kind: Type.Literal('clickedIn'),
  publicationId: Uuid,
});

export const conditionSchemas = [
  FieldCondition,
  FormAnswerCondition,
  RsvpAnswerCondition,
  ClickedInCondition,
] as const;
export const JourneyCondition = Type.Union([...conditionSchemas]);
export type JourneyCondition = Static<typeof JourneyCondition>;
export type ConditionKind = JourneyCondition['kind'];

// ---- Steps ----

const step = <K extends string, T extends Record<string, TSchema>>(kind: K, own: T) =>
  Type.Object({
    id: StepId,
    kind: Type.Literal(kind),
    ...own,
    next: Type.Optional(Nullable(StepId)),
  });

export const SendStep = step('send', { publicationId: Uuid, templateId: Uuid });
export const WaitStep = step('wait', {
  wait: Type.Union([
    Type.Object({ type: Type.Literal('duration'), minutes: Type.Integer({ minimum: 1, maximum: 525_600 }) }),
    Type.Object({ type: Type.Literal('untilDate'), at: Timestamp }),
    Type.Object({
      type: Type.Literal('untilWeekday'),
      weekday: Type.Integer({ minimum: 1, maximum: 7, description: '1 = maandag … 7 = zondag.' }),
      time: TimeOfDay,
    }),
  ]),
});
export const ConditionStep = Type.Object({
  id: StepId,
  kind: Type.Literal('condition'),
  condition: JourneyCondition,
  yes: Nullable(StepId),
  no: Nullable(StepId),
});
export const AddToListStep = step('addToList', { listId: Uuid });
export const RemoveFromListStep = step('removeFromList', { listId: Uuid });
export const UpdateFieldStep = step('updateField', {
  field: StringEnum(updatableFields),
  value: Text({ maxLength: 500 }),
});
export const EndStep = Type.Object({ id: StepId, kind: Type.Literal('end') });

export const JourneyStep = Type.Union([
  SendStep,
  WaitStep,
  ConditionStep,
  AddToListStep,
  RemoveFromListStep,
  UpdateFieldStep,
  EndStep,
]);
export type JourneyStep = Static<typeof JourneyStep>;
export type StepKind = JourneyStep['kind'];

export const JourneySettings = Type.Object({
  reentry: StringEnum(['off', 'afterInterval']),
  reentryMinutes: Type.Integer({ minimum: 0, maximum: 5_256_000, default: 0 }),
  exitWhenRemoved: Type.Boolean({ description: 'Leave when removed from the trigger list.' }),
});
export type JourneySettings = Static<typeof JourneySettings>;

/** The whole graph of a journey: what a version freezes. `start` is the first step (null: none yet). */
export const JourneyGraph = Type.Object({
  triggers: Type.Array(JourneyTrigger, { maxItems: 3 }),
  start: Nullable(StepId),
  steps: Type.Array(JourneyStep, { maxItems: 200 }),
  settings: JourneySettings,
});
export type JourneyGraph = Static<typeof JourneyGraph>;

export const Journey = Type.Object({
  id: Uuid,
  name: Type.String(),
  state: StringEnum(journeyStates),
  /** The graph being edited: the active version's, or a draft of changes not yet published. */
  graph: JourneyGraph,
  hasDraft: Type.Boolean(),
  versionNumber: Nullable(Type.Integer()),
  triggerKinds: Type.Array(Type.String()),
  activePeople: Type.Integer({ minimum: 0 }),
  lastError: Nullable(Type.String()),
  createdAt: Timestamp,
  publishNeedsApproval: Type.Boolean({
    description:
      "Publishing asks approval ('Goedkeuring' with journeys on): POST /journeys/{id}/approvalrequests, not /publish.",
  }),
});
export type Journey = Static<typeof Journey>;

export const JourneyList = Type.Object({ data: Type.Array(Journey), total: Type.Integer({ minimum: 0 }) });

export const CreateJourneyBody = Type.Object({ name: Text({ minLength: 1, maxLength: 200 }) });
export const UpdateJourneyBody = Type.Object({
  name: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  graph: Type.Optional(JourneyGraph),
});
export type UpdateJourneyBody = Static<typeof UpdateJourneyBody>;

/** Publishing a draft: where people now on a step the draft removes go (step id → step id of the draft). */
export const PublishJourneyBody = Type.Object({
  moves: Type.Optional(Type.Record(StepId, StepId)),
});
export type PublishJourneyBody = Static<typeof PublishJourneyBody>;

export const ManualEnrollBody = Type.Object({
  listId: Type.Optional(Uuid),
  audienceId: Type.Optional(Uuid),
});

export const StepCount = Type.Object({
  stepId: Type.String(),
  now: Type.Integer({ minimum: 0 }),
  passed: Type.Integer({ minimum: 0 }),
  errors: Type.Integer({ minimum: 0 }),
  lastError: Nullable(Type.String({ description: "The newest error's Dutch text: a failed step or send." })),
});
export const StepCounts = Type.Array(StepCount);
export type StepCount = Static<typeof StepCount>;

export const Enrollment = Type.Object({
  id: Uuid,
  email: Type.String(),
  subscriberId: Nullable(Uuid),
  state: StringEnum(enrollmentStates),
  currentStepId: Nullable(Type.String()),
  nextRunAt: Nullable(Timestamp),
  enrolledAt: Timestamp,
});
export const EnrollmentPage = Type.Object({
  data: Type.Array(Enrollment),
  total: Type.Integer({ minimum: 0 }),
});

export const TimelineEntry = Type.Object({
  stepId: Type.String(),
  stepKind: Type.String(),
  visit: Type.Integer(),
  at: Timestamp,
  result: Type.String({ description: 'What happened, in Dutch.' }),
  status: StringEnum(['Gelukt', 'Wachtend', 'Fout']),
});
export const Timeline = Type.Array(TimelineEntry);
export type TimelineEntry = Static<typeof TimelineEntry>;

export const AdvanceClockBody = Type.Object({ minutes: Type.Integer({ minimum: 1, maximum: 525_600 }) });
export const journeyNameSort = ['name', 'createdAt'] as const;
export { StepId };
