import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AuditLogActor,
  AuditLogEntry,
  AuditLogExportQuery,
  AuditLogQuery,
  AuditLogSettings,
  AuditLogSettingsBody,
} from '../contract/auditLog';
import { environmentParams, errorResponses } from '../contract/common';
import { logActorOf } from '../auditLog/logActor';
import { auditLogActors, auditLogCsv, auditLogPage } from '../auditLog/logEntries';
import { readLogSettings, saveLogSettings } from '../auditLog/logSettings';
import { attachmentDisposition } from '../media/contentDisposition';

const tags = ['auditlog'];
const params = environmentParams({});

/** The Logboek (extension): who did what when in the environment, its CSV export and its retention. */
export const auditLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auditlog',
    {
      schema: {
        summary: 'The Logboek, newest first, filtered by member, kind and period; total in X-Total-Count.',
        tags,
        'x-extension': true,
        params,
        querystring: AuditLogQuery,
        response: { 200: Type.Array(AuditLogEntry), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await auditLogPage(app.db, request.environmentId, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.data;
    },
  );

  app.get(
    '/auditlog/actors',
    {
      schema: {
        summary: 'Everyone who appears in the Logboek (former members too), for its member filter.',
        tags,
        'x-extension': true,
        params,
        response: { 200: Type.Array(AuditLogActor), ...errorResponses(401, 403) },
      },
    },
    async (request) => auditLogActors(app.db, request.environmentId),
  );

  app.get(
    '/auditlog/export',
    {
      schema: {
        summary:
          'The matching entries as a CSV download (Dutch headers, semicolon-separated UTF-8 with a byte ' +
          'order mark, formulas escaped), newest first.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['text/csv'],
        params,
        querystring: AuditLogExportQuery,
        response: { ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = auditLogCsv(app.db, request.environmentId, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(csv.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv.content);
    },
  );

  app.get(
    '/auditlog/settings',
    {
      schema: {
        summary: "The Logboek's retention term in months (24 unless set).",
        tags,
        'x-extension': true,
        params,
        response: { 200: AuditLogSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => readLogSettings(app.db, request.environmentId),
  );

  app.put(
    '/auditlog/settings',
    {
      schema: {
        summary: "Sets the Logboek's retention term; older entries are removed by the daily retention job.",
        tags,
        'x-extension': true,
        params,
        body: AuditLogSettingsBody,
        response: { 200: AuditLogSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      saveLogSettings(app.db, request.environmentId, request.body.retentionMonths, logActorOf(request)),
  );
};
