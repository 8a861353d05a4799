import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { environmentParams, errorResponses } from '../../contract/common';
import {
  CreateListQuery,
  ListAttributesBody,
  ListParams,
  ListsQuery,
  ReceiverList,
  UpdateListQuery,
} from '../../contract/receivers';
import { logActorOf } from '../../auditLog/logActor';
import { attachmentDisposition } from '../../media/contentDisposition';
import { listCsv } from '../../receivers/listExport';
import { findList } from '../../receivers/listRecords';
import { createList, deleteList, listPage, setAttributeLabels, updateList } from '../../receivers/lists';

const tags = ['receivers: lists'];

/** Manual lists (spec §7 GET /lists/, POST/PUT /list/manual…); deleting only marks a list. */
export const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/lists/',
    {
      schema: {
        summary:
          'The lists of the environment (deleted ones included unless isDeleted=false); total in X-Total-Count.',
        tags,
        querystring: ListsQuery,
        response: { 200: Type.Array(ReceiverList), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listPage(app.db, request.environmentId, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.data;
    },
  );

  app.get(
    '/list/manual/:listId',
    {
      schema: {
        summary: 'One list with its labels and subscriber count (also when deleted).',
        tags,
        'x-extension': true,
        params: environmentParams(ListParams.properties),
        response: { 200: ReceiverList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      findList(app.db, request.environmentId, request.params.listId, { includeDeleted: true }),
  );

  app.get(
    '/list/manual/:listId/export',
    {
      schema: {
        summary:
          "The list's subscribers as a CSV download: every field, then the labelled attributes under their " +
          'labels; semicolon-separated UTF-8 with a byte order mark, formulas escaped. Streamed in batches.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['text/csv'],
        params: environmentParams(ListParams.properties),
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const csv = await listCsv(app.db, request.environmentId, request.params.listId, logActorOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(csv.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv.content);
    },
  );

  app.post(
    '/list/manual',
    {
      schema: {
        summary: 'Creates a manual list.',
        tags,
        querystring: CreateListQuery,
        response: { 201: ReceiverList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createList(app.db, request.environmentId, request.query.title)),
  );

  app.put(
    '/list/manual/:listId',
    {
      schema: {
        summary: 'Renames a list and sets its test and public flags (each unchanged when left out).',
        tags,
        params: environmentParams(ListParams.properties),
        querystring: UpdateListQuery,
        response: { 200: ReceiverList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateList(app.db, request.environmentId, request.params.listId, request.query),
  );

  app.put(
    '/list/manual/:listId/attributes',
    {
      schema: {
        summary:
          'Sets the nine attribute labels (AttributeLabel1..9; missing or empty clears one). Labels must be unique.',
        tags,
        params: environmentParams(ListParams.properties),
        body: ListAttributesBody,
        response: { 200: ReceiverList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setAttributeLabels(app.db, request.environmentId, request.params.listId, request.body),
  );

  app.delete(
    '/list/manual/:listId',
    {
      schema: {
        summary:
          'Deletes a list: it is marked isDeleted, leaves every audience count and is hidden from pickers.',
        tags,
        'x-extension': true,
        params: environmentParams(ListParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteList(app.db, request.environmentId, request.params.listId, logActorOf(request));
      return reply.status(204).send(null);
    },
  );
};
