import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../contract/common';
import { PublicArchiveSetting, PublicArchiveSettingBody } from '../contract/publicArchive';
import { publicArchiveFeedUrl, publicArchiveUrl } from '../publicArchive/archiveAddress';
import { archiveSettingOf, setArchiveSetting } from '../publicArchive/archiveSetting';

const tags = ['Public archive'];

/** The environment's 'Openbaar archief' setting, with the addresses it opens (routes/publicArchive.ts). */
export const publicArchiveSettingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (environmentId: string): Promise<PublicArchiveSetting> => ({
    enabled: (await archiveSettingOf(app.db, environmentId)).enabled,
    archiveUrl: publicArchiveUrl(app.config.publicUrl, environmentId),
    feedUrl: publicArchiveFeedUrl(app.config.publicUrl, environmentId),
  });

  app.get(
    '/public-archive',
    {
      schema: {
        summary: "Whether the environment's public archive and its feed are on, and their addresses.",
        tags,
        'x-extension': true,
        response: { 200: PublicArchiveSetting, ...errorResponses(401, 403) },
      },
    },
    async (request) => answer(request.environmentId),
  );

  app.put(
    '/public-archive',
    {
      schema: {
        summary: "Turns the environment's public archive and its feed on or off.",
        tags,
        'x-extension': true,
        body: PublicArchiveSettingBody,
        response: { 200: PublicArchiveSetting, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await setArchiveSetting(app.db, request.environmentId, request.body.enabled, request.user.id);
      return answer(request.environmentId);
    },
  );
};
