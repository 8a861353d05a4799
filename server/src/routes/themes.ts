import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { environmentParams, errorResponses } from '../contract/common';
import { CreateThemeBody, Theme, ThemeParams } from '../contract/themes';
import { themes } from '../db/schema';
import { conflict, notFound } from '../errors';

const themeColumns = {
  id: themes.id,
  name: themes.name,
  primaryColor: themes.primaryColor,
  fileIdToLogo: themes.fileIdToLogo,
};

/**
 * Themes of the current environment (spec §7 GET /themes; create and read-by-id are extensions).
 * Pattern for every area: paths relative to /api/1/:environmentId, every query filtered by
 * `request.environmentId` (so another environment's id answers 404), errors thrown as ApiError.
 */
export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/themes',
    {
      schema: {
        summary: "The environment's theme; 404 means none yet (the console shows onboarding).",
        tags: ['themes'],
        response: { 200: Theme, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const [theme] = await app.db
        .select(themeColumns)
        .from(themes)
        .where(eq(themes.environmentId, request.environmentId))
        .limit(1);
      if (!theme) throw notFound('Het thema');
      return theme;
    },
  );

  app.get(
    '/themes/:themeId',
    {
      schema: {
        summary: 'One theme by id (only within the current environment).',
        tags: ['themes'],
        'x-extension': true,
        params: environmentParams(ThemeParams.properties),
        response: { 200: Theme, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [theme] = await app.db
        .select(themeColumns)
        .from(themes)
        .where(and(eq(themes.id, request.params.themeId), eq(themes.environmentId, request.environmentId)))
        .limit(1);
      if (!theme) throw notFound('Het thema');
      return theme;
    },
  );

  app.post(
    '/themes',
    {
      schema: {
        summary: "Creates the environment's theme (onboarding); 409 when it already has one.",
        tags: ['themes'],
        'x-extension': true,
        body: CreateThemeBody,
        response: { 201: Theme, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const [created] = await app.db
        .insert(themes)
        .values({ environmentId: request.environmentId, ...request.body })
        .onConflictDoNothing({ target: themes.environmentId })
        .returning(themeColumns);
      if (!created) throw conflict('Deze omgeving heeft al een thema.');
      return reply.status(201).send(created);
    },
  );
};
