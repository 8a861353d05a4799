import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified } from '../http/conditionalRequests';
import { html } from '../http/html';
import { publicRateLimit } from '../http/rateLimit';
import { archiveFeedXml } from '../publicArchive/archiveFeed';
import { archivePageHtml, archivePageParameter, missingArchivePageHtml } from '../publicArchive/archivePage';
import { publicArchivePrefix } from '../publicArchive/archiveAddress';
import { archiveSettingOf } from '../publicArchive/archiveSetting';
import { archiveMaxPages, archivedPublications } from '../publicArchive/archivedPublications';
import { publicPage, publicPageHeaders, type PublicPageOptions } from '../publicPages/layout';
import { loadPageLook, neutralLook } from '../publicPages/pageLook';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageNumberPattern = /^[1-9][0-9]{0,2}$/;

/** A page without forms; any site may not frame it. */
const archivePageOptions: PublicPageOptions = { formAction: "'none'" };

/** Browsers and proxies may keep the archive five minutes; after that an ETag makes a check cheap. */
const archiveCacheControl = 'public, max-age=300';

const notFoundPage = publicPage(
  neutralLook,
  'Niet gevonden',
  html`<h1>Niet gevonden</h1>
    <p>Dit archief bestaat niet of staat niet aan.</p>`,
);

interface ArchiveParams {
  environmentId: string;
}

/**
 * An environment's public archive (no sign-in), when its setting is on:
 * - `GET /a/{environmentId}` (`?pagina=2` …): its public, sent publications, newest first, each linking
 *   its public web version (`/p/…`, merge fields at their fallback, no personal links);
 * - `GET /a/{environmentId}/feed.xml`: the newest of them as an Atom feed.
 * An unknown or malformed environment and an archive that is off answer the same 404; a page number
 * that is no page of an open archive a 404 in its look that links its first page. Public, so rate-limited per client address; one request reads one bounded page (LIMIT, at most
 * `archiveMaxPages` deep); answers carry an ETag and may be cached. GET (and HEAD) only, and they only read.
 */
export const publicArchiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { publicUrl } = app.config;

  const notFound = (reply: FastifyReply) =>
    reply
      .status(404)
      .headers(publicPageHeaders([], app.config, archivePageOptions))
      .send(notFoundPage);

  /** The environment's id in lower case when its archive is on; undefined otherwise. */
  const openArchive = async (params: ArchiveParams) => {
    if (!uuidPattern.test(params.environmentId)) return undefined;
    const environmentId = params.environmentId.toLowerCase();
    const setting = await archiveSettingOf(app.db, environmentId);
    return setting.enabled ? { environmentId, setting } : undefined;
  };

  /** Answers `body` with its ETag, or 304 when the client's copy is the same. */
  const sendCached = (
    request: FastifyRequest,
    reply: FastifyReply,
    headers: Record<string, string>,
    body: string,
  ) => {
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.headers({ ...headers, etag, 'cache-control': archiveCacheControl });
    if (isNotModified(request, etag)) return reply.status(304).send();
    return reply.send(body);
  };

  app.get<{ Params: ArchiveParams; Querystring: Record<string, string | undefined> }>(
    `${publicArchivePrefix}/:environmentId`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const archive = await openArchive(request.params);
      const look = archive && (await loadPageLook(app.db, app.config, archive.environmentId));
      if (!archive || !look) return notFound(reply);
      // A page number that is no page of this archive: 404 in the archive's look, with the way back.
      const missingPage = () =>
        reply
          .status(404)
          .headers(publicPageHeaders(look.style.webFonts, app.config, archivePageOptions))
          .send(missingArchivePageHtml(look, publicUrl, archive.environmentId));
      const pageText = request.query[archivePageParameter] ?? '1';
      const page = pageNumberPattern.test(pageText) ? Number(pageText) : undefined;
      if (page === undefined || page > archiveMaxPages) return missingPage();
      const found = await archivedPublications(app.db, archive.environmentId, page);
      // A page past the last is no page (the first page is, even while it is empty).
      if (page > 1 && found.publications.length === 0) return missingPage();
      const body = archivePageHtml(look, publicUrl, archive.environmentId, page, found);
      return sendCached(
        request,
        reply,
        publicPageHeaders(look.style.webFonts, app.config, archivePageOptions),
        body,
      );
    },
  );

  app.get<{ Params: ArchiveParams }>(
    `${publicArchivePrefix}/:environmentId/feed.xml`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const archive = await openArchive(request.params);
      const look = archive && (await loadPageLook(app.db, app.config, archive.environmentId));
      if (!archive || !look) return notFound(reply);
      const { publications } = await archivedPublications(app.db, archive.environmentId, 1);
      const body = archiveFeedXml(
        publicUrl,
        archive.environmentId,
        look.environmentName,
        publications,
        archive.setting.updatedAt ?? new Date(0),
      );
      return sendCached(
        request,
        reply,
        {
          'content-type': 'application/atom+xml; charset=utf-8',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        },
        body,
      );
    },
  );
};
