import { Type, type Static, type TUnsafe } from '@sinclair/typebox';
import {
  Limit,
  MultilineText,
  Nullable,
  Offset,
  pagingProperties as listPagingProperties,
  SortOrder,
  StringEnum,
  Text,
  Uuid,
} from './common';
import { formTextLimits, maxAnswersLimit, type FormFieldType } from './formRules';

// Contract of the Forms area (spec §3 Form (flow), Form field (question), Field option; §7 flow calls).
// A flow has questions (fields), a radio question has options; people answer a flow on its public page,
// each answer set is a submission. Names follow the spec: camelCase, `type` 0 = radio, 1 = text.
// Plain values (Dutch names, messages, limits) are in ./formRules.
//
// Calls (under /api/1/{environmentId}; * = extension):
//   GET  /flows*                      FlowsQuery → FlowPage         POST /flows   FlowBody → FlowId (201)
//   GET  /flows/{id}*                 → FlowDetail                  PUT  /flows/{id}  FlowBody → Flow
//   DELETE /flows/{id}*               204 (with its questions, options and submissions)
//   GET  /flows/{flowId}/fields*      → FormFieldPage               POST /flows/{flowId}/fields  FormFieldBody → FormField (201)
//   PUT  /flows/{flowId}/fields/order* ReorderFieldsBody → FormFieldPage
//   GET  /flows/{flowId}/fields/{fieldId}* → FormFieldDetail        PUT  …/fields/{fieldId}  FormFieldBody → FormField
//   DELETE /flows/{flowId}/fields/{fieldId}* 204
//   GET  …/fields/{fieldId}/options*  → FieldOptionPage             POST …/fields/{fieldId}/options  FieldOptionBody → FieldOption (201)
//   PUT  …/options/order*             ReorderOptionsBody → FieldOptionPage
//   PUT  …/options/{optionId}         FieldOptionBody → FieldOption DELETE …/options/{optionId}* 204
//   GET  /flows/{flowId}/submissions* SubmissionsQuery → SubmissionPage
//   GET  /flows/{flowId}/counts*      → OptionCountPage
//   GET  /flows/{flowId}/submissions/csv*  text/csv attachment
// Public (no sign-in, rate-limited): GET /f/{environmentId}/{flowId} (HTML page);
//   POST /f/{environmentId}/{flowId}: form-encoded (HTML answer) or PublicSubmissionBody JSON → PublicSubmissionResult (201).

const Timestamp = Type.String({ format: 'date-time' });
const Count = Type.Integer({ minimum: 0 });

/** Question type: 0 = single choice (radio), 1 = text. */
export const FormFieldTypeSchema = Type.Unsafe<FormFieldType>({
  type: 'integer',
  enum: [0, 1],
  description: '0 = single choice (radio buttons), 1 = text.',
}) as TUnsafe<FormFieldType> & { '~unsafe': FormFieldType };

const pagingProperties = listPagingProperties('Text to look for (case-insensitive, anywhere).');

// ---------------------------------------------------------------------------------------------
// Options

/** An option of a radio question, with how many people chose it and how many places are left. */
export const FieldOption = Type.Object(
  {
    id: Uuid,
    flowId: Uuid,
    fieldId: Uuid,
    label: Type.String(),
    maxAnswers: Type.Integer({ minimum: 0, description: 'Places; 0 = unlimited.' }),
    position: Type.Integer({ minimum: 0, description: '0-based place in the question.' }),
    taken: Type.Integer({ minimum: 0, description: 'Submissions that chose this option.' }),
    left: Nullable(
      Type.Integer({ minimum: 0, description: 'Places left; null when unlimited (maxAnswers 0).' }),
    ),
    isFull: Type.Boolean({ description: 'No places left: the public page shows the option as unavailable.' }),
  },
  { title: 'FieldOption' },
);
export type FieldOption = Static<typeof FieldOption>;

export const FieldOptionPage = Type.Object({ data: Type.Array(FieldOption), total: Count });
export type FieldOptionPage = Static<typeof FieldOptionPage>;

/** Body of POST /flows/{flowId}/fields/{fieldId}/options and PUT …/options/{optionId}: both required. */
export const FieldOptionBody = Type.Object({
  label: Text({ maxLength: formTextLimits.optionLabel }),
  maxAnswers: Type.Integer({
    minimum: 0,
    maximum: maxAnswersLimit,
    description: 'Places; 0 = unlimited (spec §9).',
  }),
});
export type FieldOptionBody = Static<typeof FieldOptionBody>;

/** Body of PUT /flows/{flowId}/fields/{fieldId}/options/order: every option id of the question, in the new order. */
export const ReorderOptionsBody = Type.Object({
  optionIds: Type.Array(Uuid, { maxItems: 1000, uniqueItems: true }),
});
export type ReorderOptionsBody = Static<typeof ReorderOptionsBody>;

// ---------------------------------------------------------------------------------------------
// Fields (questions)

export const FormField = Type.Object(
  {
    id: Uuid,
    flowId: Uuid,
    label: Type.String(),
    type: FormFieldTypeSchema,
    required: Type.Boolean({
      description: 'An answer is needed (the default); an optional one may be left empty.',
    }),
    position: Type.Integer({ minimum: 0, description: '0-based place in the form.' }),
    optionCount: Count,
  },
  { title: 'FormField' },
);
export type FormField = Static<typeof FormField>;

/** A question with its options in order (GET /flows/{flowId}/fields/{fieldId}, and inside FlowDetail). */
export const FormFieldDetail = Type.Object(
  { ...FormField.properties, options: Type.Array(FieldOption) },
  { title: 'FormFieldDetail' },
);
export type FormFieldDetail = Static<typeof FormFieldDetail>;

export const FormFieldPage = Type.Object({ data: Type.Array(FormField), total: Count });
export type FormFieldPage = Static<typeof FormFieldPage>;

/**
 * Body of POST /flows/{flowId}/fields and PUT /flows/{flowId}/fields/{fieldId}: label and type required;
 * `required` (extension) defaults to true on creation and stays as it was when a PUT leaves it out.
 */
export const FormFieldBody = Type.Object({
  label: Text({ maxLength: formTextLimits.fieldLabel }),
  type: FormFieldTypeSchema,
  required: Type.Optional(
    Type.Boolean({ description: 'Whether the question needs an answer (extension; default true).' }),
  ),
});
export type FormFieldBody = Static<typeof FormFieldBody>;

/** Body of PUT /flows/{flowId}/fields/order: every question id of the form, in the new order. */
export const ReorderFieldsBody = Type.Object({
  fieldIds: Type.Array(Uuid, { maxItems: 1000, uniqueItems: true }),
});
export type ReorderFieldsBody = Static<typeof ReorderFieldsBody>;

// ---------------------------------------------------------------------------------------------
// Flows (forms)

export const Flow = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'Internal name (required).' }),
    title: Type.String({ description: 'Shown on the public page; empty when not set.' }),
    description: Type.String({ description: 'Shown on the public page; empty when not set.' }),
    isClosed: Type.Boolean({ description: 'Closed by hand: the public page takes no answers.' }),
    closesAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'The moment the form closes by itself; null when it has none.',
      }),
    ),
    isOpen: Type.Boolean({
      description: 'Takes answers now: not closed by hand and its closing moment (if any) not yet passed.',
    }),
    fieldCount: Count,
    submissionCount: Count,
    publicUrl: Type.String({ description: 'The public page where people answer the form (no sign-in).' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Flow' },
);
export type Flow = Static<typeof Flow>;

/** A flow with its questions and their options, in order (GET /flows/{id}). */
export const FlowDetail = Type.Object(
  { ...Flow.properties, fields: Type.Array(FormFieldDetail) },
  { title: 'FlowDetail' },
);
export type FlowDetail = Static<typeof FlowDetail>;

export const flowSortFields = ['name', 'title', 'createdAt', 'submissionCount'] as const;
export type FlowSortField = (typeof flowSortFields)[number];

export const FlowsQuery = Type.Object({
  ...pagingProperties,
  sort: Type.Optional(StringEnum(flowSortFields)),
});
export type FlowsQuery = Static<typeof FlowsQuery>;

export const FlowPage = Type.Object({ data: Type.Array(Flow), total: Count });
export type FlowPage = Static<typeof FlowPage>;

/**
 * Body of POST /flows and PUT /flows/{id}: name required, title and description optional (empty clears).
 * `isClosed` and `closesAt` (extensions) are left as they are when a PUT leaves them out; `closesAt`
 * null removes the closing moment.
 */
export const FlowBody = Type.Object({
  name: Text({ maxLength: formTextLimits.flowName }),
  title: Type.Optional(Nullable(Text({ maxLength: formTextLimits.flowTitle }))),
  description: Type.Optional(Nullable(MultilineText({ maxLength: formTextLimits.flowDescription }))),
  isClosed: Type.Optional(Type.Boolean({ description: 'Close the form by hand (extension).' })),
  closesAt: Type.Optional(
    Nullable(
      Type.String({
        format: 'date-time',
        description: 'The moment the form closes by itself, with its zone (extension); null for none.',
      }),
    ),
  ),
});
export type FlowBody = Static<typeof FlowBody>;

/** POST /flows answers the new flow's id as a bare JSON string (spec §7 "returns id"). */
export const FlowId = Type.String({ format: 'uuid', description: 'The id of the new form.' });
export type FlowId = Static<typeof FlowId>;

// ---------------------------------------------------------------------------------------------
// Path parameters

export const FlowParams = Type.Object({ id: Uuid });
export type FlowParams = Static<typeof FlowParams>;
export const FlowChildParams = Type.Object({ flowId: Uuid });
export type FlowChildParams = Static<typeof FlowChildParams>;
export const FormFieldParams = Type.Object({ flowId: Uuid, fieldId: Uuid });
export type FormFieldParams = Static<typeof FormFieldParams>;
export const FieldOptionParams = Type.Object({ flowId: Uuid, fieldId: Uuid, optionId: Uuid });
export type FieldOptionParams = Static<typeof FieldOptionParams>;

// ---------------------------------------------------------------------------------------------
// Submissions (answers)

/** One answer of a submission: the chosen option's label (radio) or the typed text. */
export const SubmissionAnswer = Type.Object({
  fieldId: Uuid,
  optionId: Nullable(Uuid),
  value: Type.String({ description: "The chosen option's label as it was, or the text typed." }),
});
export type SubmissionAnswer = Static<typeof SubmissionAnswer>;

export const Submission = Type.Object(
  {
    id: Uuid,
    flowId: Uuid,
    createdAt: Timestamp,
    answers: Type.Array(SubmissionAnswer, { description: "In the order of the form's questions." }),
  },
  { title: 'Submission' },
);
export type Submission = Static<typeof Submission>;

export const SubmissionsQuery = Type.Object({
  order: Type.Optional(SortOrder),
  offset: Type.Optional(Offset),
  limit: Type.Optional(Limit),
});
export type SubmissionsQuery = Static<typeof SubmissionsQuery>;

export const SubmissionPage = Type.Object({ data: Type.Array(Submission), total: Count });
export type SubmissionPage = Static<typeof SubmissionPage>;

/** One row of the per-option counts: every option of every radio question, in form order. */
export const OptionCount = Type.Object(
  {
    ...FieldOption.properties,
    fieldLabel: Type.String({ description: "The question's label." }),
  },
  { title: 'OptionCount' },
);
export type OptionCount = Static<typeof OptionCount>;

export const OptionCountPage = Type.Object({ data: Type.Array(OptionCount), total: Count });
export type OptionCountPage = Static<typeof OptionCountPage>;

// ---------------------------------------------------------------------------------------------
// Public form page (no sign-in): GET/POST /f/{environmentId}/{flowId}

export const PublicFormParams = Type.Object({ environmentId: Uuid, flowId: Uuid });
export type PublicFormParams = Static<typeof PublicFormParams>;

/**
 * JSON body of the public submission: question id → the chosen option id (radio) or the text (text).
 * Every required question must be answered; an optional one may be left out or empty. The HTML form
 * posts the same pairs form-encoded. A closed form refuses every submission with 409.
 */
export const PublicSubmissionBody = Type.Object({
  answers: Type.Record(Type.String(), MultilineText({ maxLength: formTextLimits.answer }), {
    maxProperties: 200,
  }),
});
export type PublicSubmissionBody = Static<typeof PublicSubmissionBody>;

export const PublicSubmissionResult = Type.Object({ id: Uuid });
export type PublicSubmissionResult = Static<typeof PublicSubmissionResult>;
