import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { environmentParams, errorResponses } from '../contract/common';
import {
  FieldOption,
  FieldOptionBody,
  FieldOptionPage,
  FieldOptionParams,
  Flow,
  FlowBody,
  FlowChildParams,
  FlowDetail,
  FlowId,
  FlowPage,
  FlowParams,
  FlowsQuery,
  FormField,
  FormFieldBody,
  FormFieldDetail,
  FormFieldPage,
  FormFieldParams,
  OptionCountPage,
  ReorderFieldsBody,
  ReorderOptionsBody,
  SubmissionPage,
  SubmissionsQuery,
} from '../contract/forms';
import {
  requiredFieldOptionFields,
  requiredFlowFields,
  requiredFormFieldFields,
} from '../contract/formRules';
import { attachmentDisposition } from '../media/contentDisposition';
import { answersCsv } from '../forms/answersCsv';
import { getFieldDetail, getFlowDetail } from '../forms/details';
import { createField, deleteField, listFields, reorderFields, updateField } from '../forms/fields';
import { logActorOf } from '../auditLog/logActor';
import { createFlow, deleteFlow, listFlows, updateFlow, type FlowScope } from '../forms/flows';
import {
  createOption,
  deleteOption,
  getOption,
  listOptions,
  reorderOptions,
  updateOption,
} from '../forms/options';
import { requireFields } from '../http/requiredFields';
import { listOptionCounts, listSubmissions } from '../forms/submissions';

const tags = ['forms'];

/**
 * The Forms area (spec §7 flow calls, plus reads, deletes, reordering and the answers as extensions).
 * Handlers only translate HTTP; the rules live in server/src/forms/. Required fields answer the Dutch
 * 'Naam is een verplicht veld' style (http/requiredFields.ts) before the schema runs.
 * Queries and the question body are cast to their contract types: the type provider cannot read the
 * static type of the contract's enums (`sort`, `type`), which ajv has validated by then.
 */
export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const scopeOf = (request: FastifyRequest): FlowScope => ({
    environmentId: request.environmentId,
    publicUrl: app.config.publicUrl,
  });
  const list = <T>(data: T[]) => ({ data, total: data.length });

  // ---- Forms (flows) ---------------------------------------------------------------------------

  app.get(
    '/flows',
    {
      schema: {
        summary: 'A page of forms (search in name and title; newest first by default).',
        tags,
        'x-extension': true,
        querystring: FlowsQuery,
        response: { 200: FlowPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listFlows(app.db, scopeOf(request), request.query as FlowsQuery),
  );

  app.post(
    '/flows',
    {
      preValidation: requireFields(requiredFlowFields),
      schema: {
        summary: 'Creates a form; answers its id as a JSON string. name is required.',
        tags,
        body: FlowBody,
        response: { 201: FlowId, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const id = await createFlow(app.db, request.environmentId, request.body);
      // A string payload would go out as text/plain; the contract says a JSON string.
      return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(id));
    },
  );

  app.get(
    '/flows/:id',
    {
      schema: {
        summary: 'One form with its questions and their options (places taken and left per option).',
        tags,
        'x-extension': true,
        params: environmentParams(FlowParams.properties),
        response: { 200: FlowDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getFlowDetail(app.db, scopeOf(request), request.params.id),
  );

  app.put(
    '/flows/:id',
    {
      preValidation: requireFields(requiredFlowFields),
      schema: {
        summary: "Changes a form's name, title and description; answers the form.",
        tags,
        params: environmentParams(FlowParams.properties),
        body: FlowBody,
        response: { 200: Flow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateFlow(app.db, scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/flows/:id',
    {
      schema: {
        summary: 'Deletes a form with its questions, options, submissions and answers.',
        tags,
        'x-extension': true,
        params: environmentParams(FlowParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteFlow(app.db, request.environmentId, request.params.id, logActorOf(request));
      return reply.status(204).send(null);
    },
  );

  // ---- Questions (fields) ----------------------------------------------------------------------

  app.get(
    '/flows/:flowId/fields',
    {
      schema: {
        summary: 'The questions of a form, in order.',
        tags,
        'x-extension': true,
        params: environmentParams(FlowChildParams.properties),
        response: { 200: FormFieldPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => list(await listFields(app.db, request.environmentId, request.params.flowId)),
  );

  app.post(
    '/flows/:flowId/fields',
    {
      preValidation: requireFields(requiredFormFieldFields),
      schema: {
        summary:
          'Appends a question (type 0 = single choice, 1 = text); answers it. label and type are required.',
        tags,
        params: environmentParams(FlowChildParams.properties),
        body: FormFieldBody,
        response: { 201: FormField, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const field = await createField(
        app.db,
        request.environmentId,
        request.params.flowId,
        request.body as FormFieldBody,
      );
      return reply.status(201).send(field);
    },
  );

  app.put(
    '/flows/:flowId/fields/order',
    {
      schema: {
        summary: 'Puts the questions in a new order: the body names every question of the form once.',
        tags,
        'x-extension': true,
        params: environmentParams(FlowChildParams.properties),
        body: ReorderFieldsBody,
        response: { 200: FormFieldPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      list(await reorderFields(app.db, request.environmentId, request.params.flowId, request.body.fieldIds)),
  );

  app.get(
    '/flows/:flowId/fields/:fieldId',
    {
      schema: {
        summary: 'One question with its options (places taken and left per option).',
        tags,
        'x-extension': true,
        params: environmentParams(FormFieldParams.properties),
        response: { 200: FormFieldDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getFieldDetail(app.db, request.environmentId, request.params.flowId, request.params.fieldId),
  );

  app.put(
    '/flows/:flowId/fields/:fieldId',
    {
      preValidation: requireFields(requiredFormFieldFields),
      schema: {
        summary:
          "Changes a question's label and type; answers it. 400 naming type when a question with options " +
          'would become a text question.',
        tags,
        params: environmentParams(FormFieldParams.properties),
        body: FormFieldBody,
        response: { 200: FormField, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateField(
        app.db,
        request.environmentId,
        request.params.flowId,
        request.params.fieldId,
        request.body as FormFieldBody,
      ),
  );

  app.delete(
    '/flows/:flowId/fields/:fieldId',
    {
      schema: {
        summary: 'Deletes a question with its options and answers; the questions after it move up.',
        tags,
        'x-extension': true,
        params: environmentParams(FormFieldParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteField(app.db, request.environmentId, request.params.flowId, request.params.fieldId);
      return reply.status(204).send(null);
    },
  );

  // ---- Options ---------------------------------------------------------------------------------

  app.get(
    '/flows/:flowId/fields/:fieldId/options',
    {
      schema: {
        summary: 'The options of a question, in order, with places taken and left.',
        tags,
        'x-extension': true,
        params: environmentParams(FormFieldParams.properties),
        response: { 200: FieldOptionPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      list(await listOptions(app.db, request.environmentId, request.params.flowId, request.params.fieldId)),
  );

  app.post(
    '/flows/:flowId/fields/:fieldId/options',
    {
      preValidation: requireFields(requiredFieldOptionFields),
      schema: {
        summary:
          'Appends an option (maxAnswers 0 = unlimited); answers it. label and maxAnswers are required; ' +
          '400 naming fieldId for a text question.',
        tags,
        params: environmentParams(FormFieldParams.properties),
        body: FieldOptionBody,
        response: { 201: FieldOption, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { flowId, fieldId } = request.params;
      const option = await createOption(app.db, request.environmentId, flowId, fieldId, request.body);
      return reply.status(201).send(option);
    },
  );

  app.put(
    '/flows/:flowId/fields/:fieldId/options/order',
    {
      schema: {
        summary: 'Puts the options in a new order: the body names every option of the question once.',
        tags,
        'x-extension': true,
        params: environmentParams(FormFieldParams.properties),
        body: ReorderOptionsBody,
        response: { 200: FieldOptionPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { flowId, fieldId } = request.params;
      return list(
        await reorderOptions(app.db, request.environmentId, flowId, fieldId, request.body.optionIds),
      );
    },
  );

  app.get(
    '/flows/:flowId/fields/:fieldId/options/:optionId',
    {
      schema: {
        summary: 'One option with places taken and left.',
        tags,
        'x-extension': true,
        params: environmentParams(FieldOptionParams.properties),
        response: { 200: FieldOption, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { flowId, fieldId, optionId } = request.params;
      return getOption(app.db, request.environmentId, flowId, fieldId, optionId);
    },
  );

  app.put(
    '/flows/:flowId/fields/:fieldId/options/:optionId',
    {
      preValidation: requireFields(requiredFieldOptionFields),
      schema: {
        summary:
          "Changes an option's label and places; answers it. Fewer places than taken makes the option full; " +
          'the answers given stay.',
        tags,
        params: environmentParams(FieldOptionParams.properties),
        body: FieldOptionBody,
        response: { 200: FieldOption, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { flowId, fieldId, optionId } = request.params;
      return updateOption(app.db, request.environmentId, flowId, fieldId, optionId, request.body);
    },
  );

  app.delete(
    '/flows/:flowId/fields/:fieldId/options/:optionId',
    {
      schema: {
        summary: 'Deletes an option; answers that chose it keep its label. The options after it move up.',
        tags,
        'x-extension': true,
        params: environmentParams(FieldOptionParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { flowId, fieldId, optionId } = request.params;
      await deleteOption(app.db, request.environmentId, flowId, fieldId, optionId);
      return reply.status(204).send(null);
    },
  );

  // ---- Answers ---------------------------------------------------------------------------------

  app.get(
    '/flows/:flowId/submissions',
    {
      schema: {
        summary: "A page of a form's submissions with their answers (newest first by default).",
        tags,
        'x-extension': true,
        params: environmentParams(FlowChildParams.properties),
        querystring: SubmissionsQuery,
        response: { 200: SubmissionPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      listSubmissions(
        app.db,
        request.environmentId,
        request.params.flowId,
        request.query as SubmissionsQuery,
      ),
  );

  app.get(
    '/flows/:flowId/counts',
    {
      schema: {
        summary: 'Per option of every single-choice question: places, taken and left (form order).',
        tags,
        'x-extension': true,
        params: environmentParams(FlowChildParams.properties),
        response: { 200: OptionCountPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => list(await listOptionCounts(app.db, request.environmentId, request.params.flowId)),
  );

  app.get(
    '/flows/:flowId/submissions/csv',
    {
      schema: {
        summary:
          "The form's answers as a CSV download: one row per submission (oldest first), the time and one column " +
          'per question; semicolon-separated UTF-8 with a byte order mark, formulas escaped.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['text/csv'],
        params: environmentParams(FlowChildParams.properties),
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const csv = await answersCsv(app.db, request.environmentId, request.params.flowId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(csv.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv.content);
    },
  );
};
