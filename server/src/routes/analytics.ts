import { logActorOf } from '../auditLog/logActor';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  publicationMeasuringOf,
  environmentMeasuringOf,
  setEnvironmentMeasuring,
  setPublicationMeasuring,
  stricter,
} from '../analytics/measuringMode';
import { allRecipientResults, analyticsReport, recipientResultPage } from '../analytics/report';
import {
  AnalyticsQuery,
  AnalyticsReport,
  MeasuringSetting,
  PublicationMeasuring,
  PublicationMeasuringBody,
  type RecipientResult,
  RecipientResultPage,
  RecipientResultsCsvQuery,
  RecipientResultsQuery,
} from '../contract/analytics';
import { environmentParams, errorResponses } from '../contract/common';
import { dutchCsv } from '../csv/dutchCsv';
import { PublicationParams } from '../contract/publications';
import { ApiError } from '../errors';
import { attachmentDisposition } from '../media/contentDisposition';
import { getPublication } from '../publications/publications';

const tags = ['Analytics'];

const legalBasisRequired = () =>
  new ApiError(400, "Leg bij 'Per persoon' de rechtsgrond vast (Rechtsgrond).", 'legalBasis');

const laxerThanEnvironment = (environmentMode: string) =>
  new ApiError(
    400,
    `Meten: een publicatie meet hooguit zoveel als de omgeving ('${environmentMode}').`,
    'mode',
  );

const bounceLabels = { hard: 'Hard', soft: 'Zacht' } as const;

const noPersonalResults = () => new ApiError(404, 'In deze meetstand zijn er geen resultaten per persoon.');

/** Analytics of a publication and the 'Meten' setting (environment and publication). */
export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/measuring',
    {
      schema: {
        summary: "The environment's 'Meten' setting.",
        tags,
        'x-extension': true,
        response: { 200: MeasuringSetting, ...errorResponses(401, 403) },
      },
    },
    async (request) => environmentMeasuringOf(app.db, request.environmentId),
  );

  app.put(
    '/measuring',
    {
      schema: {
        summary: "Sets the environment's 'Meten'; 'Per persoon' needs the legal basis.",
        tags,
        'x-extension': true,
        body: MeasuringSetting,
        response: { 200: MeasuringSetting, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      if (request.body.mode === 'Per persoon' && !request.body.legalBasis?.trim()) throw legalBasisRequired();
      await setEnvironmentMeasuring(app.db, request.environmentId, request.body, logActorOf(request));
      return environmentMeasuringOf(app.db, request.environmentId);
    },
  );

  app.get(
    '/publications/:id/measuring',
    {
      schema: {
        summary: "The publication's 'Meten': its own choice and the mode that applies.",
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 200: PublicationMeasuring, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await getPublication(app.db, request.environmentId, request.params.id);
      return publicationMeasuringOf(app.db, request.environmentId, request.params.id);
    },
  );

  app.put(
    '/publications/:id/measuring',
    {
      schema: {
        summary:
          "Sets the publication's own 'Meten' (stricter than the environment's applies; null follows it).",
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        body: PublicationMeasuringBody,
        response: { 200: PublicationMeasuring, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await getPublication(app.db, request.environmentId, request.params.id);
      const { mode, legalBasis } = request.body;
      if (mode === 'Per persoon' && !legalBasis?.trim()) throw legalBasisRequired();
      const environment = await environmentMeasuringOf(app.db, request.environmentId);
      if (mode !== null && stricter(mode, environment.mode) !== mode)
        throw laxerThanEnvironment(environment.mode);
      await setPublicationMeasuring(
        app.db,
        request.environmentId,
        request.params.id,
        mode === null ? null : { mode, legalBasis },
        logActorOf(request),
      );
      return publicationMeasuringOf(app.db, request.environmentId, request.params.id);
    },
  );

  app.get(
    '/publications/:id/analytics',
    {
      schema: {
        summary:
          'Sent, delivered, bounces, opens, clicks, unsubscribes, the chart and the links of a publication.',
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await getPublication(app.db, request.environmentId, request.params.id);
      return analyticsReport(app.db, request.environmentId, request.params.id, request.query.jobId);
    },
  );

  app.get(
    '/publications/:id/analytics/recipients',
    {
      schema: {
        summary:
          'One page (at most 250) of opens and clicks per recipient, searched by part of the address or pseudonym; only in the personal modes (404 otherwise).',
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        querystring: RecipientResultsQuery,
        response: { 200: RecipientResultPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await getPublication(app.db, request.environmentId, request.params.id);
      const page = await recipientResultPage(app.db, request.environmentId, request.params.id, request.query);
      if (!page) throw noPersonalResults();
      return page;
    },
  );

  app.get(
    '/publications/:id/analytics/recipients/csv',
    {
      schema: {
        summary:
          'The whole recipient table as CSV (semicolons, UTF-8 with BOM, formulas escaped), streamed; personal modes only.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['text/csv'],
        params: environmentParams(PublicationParams.properties),
        querystring: RecipientResultsCsvQuery,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const publication = await getPublication(app.db, request.environmentId, request.params.id);
      const results = await allRecipientResults(
        app.db,
        request.environmentId,
        request.params.id,
        request.query,
      );
      if (!results) throw noPersonalResults();
      const content = dutchCsv(
        ['Ontvanger', 'Geopend', 'Geklikt', 'Eerst geopend', 'Bounce'],
        csvLines(results),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`${publication.name} - resultaten.csv`))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );
};

async function* csvLines(results: AsyncIterable<RecipientResult>) {
  for await (const row of results)
    yield [
      row.recipient,
      String(row.opens),
      String(row.clicks),
      row.firstOpenedAt ?? '',
      row.bounce ? bounceLabels[row.bounce] : '',
    ];
}
