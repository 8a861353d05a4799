import { logActorOf } from '../auditLog/logActor';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { environmentParams, errorResponses } from '../contract/common';
import {
  CreateThemeBody,
  CreateWebFontBody,
  Theme,
  ThemeParams,
  UpdateThemeBody,
  WebFont,
  WebFontPage,
  WebFontParams,
  webFontFieldNames,
} from '../contract/themes';
import { requireFields } from '../http/requiredFields';
import { createTheme, readEnvironmentTheme, readTheme, updateTheme } from '../themes/themes';
import { createWebFont, deleteWebFont, listWebFonts } from '../themes/webFonts';

const tags = ['themes'];

/**
 * The environment's theme and its web fonts (spec §7 GET /themes and POST /themes/{themeId}/fonts; the
 * rest are extensions). Paths are relative to /api/1/:environmentId; the queries live in themes/.
 */
export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/themes',
    {
      schema: {
        summary: "The environment's theme; 404 means none yet (the console shows onboarding).",
        tags,
        response: { 200: Theme, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => readEnvironmentTheme(app.db, request.environmentId),
  );

  app.get(
    '/themes/:themeId',
    {
      schema: {
        summary: 'One theme by id (only within the current environment).',
        tags,
        'x-extension': true,
        params: environmentParams(ThemeParams.properties),
        response: { 200: Theme, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readTheme(app.db, request.environmentId, request.params.themeId),
  );

  app.post(
    '/themes',
    {
      schema: {
        summary: "Creates the environment's theme (onboarding); 409 when it already has one.",
        tags,
        'x-extension': true,
        body: CreateThemeBody,
        response: { 201: Theme, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTheme(app.db, request.environmentId, request.body)),
  );

  app.put(
    '/themes/:themeId',
    {
      schema: {
        summary:
          'Changes the theme partially: only the fields sent change; every field is checked before any is stored (400 naming the first bad one).',
        tags,
        'x-extension': true,
        params: environmentParams(ThemeParams.properties),
        body: UpdateThemeBody,
        response: { 200: Theme, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateTheme(app.db, request.environmentId, request.params.themeId, request.body, logActorOf(request)),
  );

  app.get(
    '/themes/:themeId/fonts',
    {
      schema: {
        summary: "The theme's web fonts, by name.",
        tags,
        'x-extension': true,
        params: environmentParams(ThemeParams.properties),
        response: { 200: WebFontPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listWebFonts(app.db, request.environmentId, request.params.themeId),
  );

  app.post(
    '/themes/:themeId/fonts',
    {
      preValidation: requireFields(webFontFieldNames),
      schema: {
        summary:
          'Adds a web font: fontIdentifier (the family name) and srcUrl (an absolute https:// URL of its CSS); 409 for a name the theme has.',
        tags,
        params: environmentParams(ThemeParams.properties),
        body: CreateWebFontBody,
        response: { 201: WebFont, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createWebFont(app.db, request.environmentId, request.params.themeId, request.body)),
  );

  app.delete(
    '/themes/:themeId/fonts/:fontId',
    {
      schema: {
        summary: "Deletes a web font; 409 while the theme's typography uses it.",
        tags,
        'x-extension': true,
        params: environmentParams(WebFontParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteWebFont(app.db, request.environmentId, request.params.themeId, request.params.fontId);
      return reply.status(204).send(null);
    },
  );
};
