import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { environmentParams, errorResponses } from '../contract/common';
import {
  AddTagQuery,
  CreateDirectoryQuery,
  DirectoryParams,
  FileParams,
  FileUsage,
  MediaDirectory,
  MediaDirectorySummary,
  MediaFile,
  RenameDirectoryQuery,
  RenameFileQuery,
  Tag,
  TagParams,
  TagsParams,
} from '../contract/media';
import { ApiError, badRequest, payloadTooLarge } from '../errors';
import { malformedMultipart } from '../http/multipartErrors';
import { attachmentDisposition } from '../media/contentDisposition';
import {
  createDirectory,
  readDirectory,
  renameDirectory,
  resolveDirectoryId,
  resolveDirectoryPath,
} from '../media/directories';
import { deleteDirectory } from '../media/directoryDeletion';
import { deleteFile, openFileContent, readFile, renameFile, uploadFile } from '../media/files';
import { readFileUsage } from '../media/fileUsage';
import { mediaServices } from '../media/mediaServices';
import { parseMediaPath } from '../media/mediaPath';
import { contentTypeOf, storedFileMediaTypes } from '../media/mediaTypes';
import { fileKey } from '../media/keys';
import { validateDirectoryName, validateFileName } from '../media/names';
import { scriptFreeContentSecurityPolicy, userContentHeaders } from '../media/securityHeaders';
import { ContentTooLargeError } from '../media/store';
import { addTag, assertTaggableExists, listTags, removeTag, validateTagName } from '../media/tags';
import { fieldLabel } from '../contract/fieldLabels';
import { logActorOf } from '../auditLog/logActor';

/** The multipart field that carries the upload (spec §7). */
const uploadField = 'file';

/**
 * The media library of the current environment (spec §7): the folder tree (folders can also be renamed
 * and deleted, extensions), files (streamed uploads, rename, delete, download) and tags. Bytes go
 * through the media store only; see server/src/media/.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = await mediaServices(app);
  const { db } = services;
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  const readFolder = async (request: FastifyRequest) => {
    const names = parseMediaPath(rawMediaPath(request.url));
    const directory = await resolveDirectoryPath(db, request.environmentId, names);
    return readDirectory(db, directory, names);
  };
  const folderSchema = {
    summary: "A folder by path below the root ('/' is the root, named Media): its sub-folders and files.",
    description:
      "Names match ignoring case. '.', '..' and encoded separators in the path answer 400; an unknown folder 404.",
    tags: ['media'],
    response: { 200: MediaDirectory, ...errorResponses(400, 401, 403, 404) },
  };
  app.get('/media', { schema: { ...folderSchema, hide: true } }, readFolder);
  const wildcard = Type.String({
    description: "Folder names below the root separated by '/', e.g. Foto's/Zomer; empty for the root.",
  });
  app.get(
    '/media/*',
    { schema: { ...folderSchema, params: environmentParams({ '*': wildcard }) } },
    readFolder,
  );

  app.post(
    '/directory',
    {
      schema: {
        summary: 'Adds a folder; without parentDirectory (or with the zero GUID) to the root.',
        description: 'Answers 409 when a sibling already has the name (ignoring case).',
        tags: ['media'],
        querystring: CreateDirectoryQuery,
        response: { 201: MediaDirectorySummary, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const name = validateDirectoryName(request.query.name);
      const created = await createDirectory(db, request.environmentId, name, request.query.parentDirectory);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/directory/:directoryId',
    {
      schema: {
        summary: 'Renames a folder.',
        description:
          'The same name rules as for a new folder: 409 when a sibling already has the name (ignoring ' +
          'case). The root (named Media, also the zero GUID) keeps its name: 400.',
        tags: ['media'],
        'x-extension': true,
        params: environmentParams(DirectoryParams.properties),
        querystring: RenameDirectoryQuery,
        response: { 200: MediaDirectorySummary, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const newName = validateDirectoryName(request.query.newName, 'newName');
      return renameDirectory(db, request.environmentId, request.params.directoryId, newName);
    },
  );

  app.delete(
    '/directory/:directoryId',
    {
      schema: {
        summary: 'Deletes a folder with everything below it.',
        description:
          'Sub-folders, files, their tags, their bytes and every cached image size go with it. The root ' +
          "(named Media, also the zero GUID) cannot be deleted: 400. A folder holding the theme's logo: 409.",
        tags: ['media'],
        'x-extension': true,
        params: environmentParams(DirectoryParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteDirectory(services, request.environmentId, request.params.directoryId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/directory/:directoryId/file',
    {
      schema: {
        summary: 'Uploads one file into a folder (multipart/form-data, field `file`).',
        description:
          'Streamed to the media store, never held in memory. Larger than the configured limit ' +
          '(UPLOAD_LIMIT_BYTES, default 50 MB) answers 413 and keeps nothing. One file per request: a second ' +
          'file part answers 400 and keeps nothing. An image must be the format its extension names (.jpg, ' +
          '.png, .gif, .webp by their magic bytes, .svg as SVG markup): else 400 and nothing kept. Success is ' +
          '200 (spec §4).',
        tags: ['media'],
        consumes: ['multipart/form-data'],
        params: environmentParams(DirectoryParams.properties),
        response: { 200: MediaFile, ...errorResponses(400, 401, 403, 404, 406, 413) },
      },
    },
    async (request) => {
      const limit = services.uploadLimitBytes;
      const directory = await resolveDirectoryId(db, request.environmentId, request.params.directoryId);
      const tooLarge = () =>
        payloadTooLarge(`Het bestand is groter dan de toegestane ${formatLimit(limit)}.`);
      // Multipart framing adds little; a declared length far beyond the limit is refused before reading.
      if (Number(request.headers['content-length'] ?? 0) > limit + 1024 * 1024) throw tooLarge();
      // The parser may pass one byte more than the limit, so the store's own count sees the excess and
      // refuses the upload (a parser that merely truncated at the limit would look like a complete file).
      const files = request.files({ limits: { fileSize: limit + 1, files: 1, fields: 10, parts: 20 } });
      const part = await firstFile(files);
      if (!part || part.fieldname !== uploadField) {
        part?.file.resume();
        throw badRequest(uploadField, `${fieldLabel(uploadField)} is verplicht.`);
      }
      try {
        return await uploadFile(services, request.environmentId, directory.id, {
          filename: part.filename,
          content: part.file,
          maxBytes: limit,
          field: uploadField,
          confirmComplete: () => refuseFurtherFiles(files),
        });
      } catch (error) {
        if (
          error instanceof ContentTooLargeError ||
          (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ) {
          throw tooLarge();
        }
        // A refusal of our own (the folder was deleted meanwhile) says what happened. Only then may a
        // destroyed request mean that the client went away mid-upload (the request is destroyed once
        // read to the end, too): nothing was kept, and it is no server failure.
        if (error instanceof ApiError) throw error;
        const malformed = malformedMultipart(error, uploadField);
        if (malformed) throw malformed;
        if (request.raw.destroyed)
          throw badRequest(uploadField, 'De upload is afgebroken voordat het bestand compleet was.');
        throw error;
      }
    },
  );

  app.get(
    '/file/:fileId',
    {
      schema: {
        summary: 'One file with its tags.',
        tags: ['media'],
        params: environmentParams(FileParams.properties),
        response: { 200: MediaFile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readFile(db, request.environmentId, request.params.fileId),
  );

  app.put(
    '/file/:fileId',
    {
      schema: {
        summary: 'Renames a file (its current name; the friendly name follows, the original name stays).',
        tags: ['media'],
        params: environmentParams(FileParams.properties),
        querystring: RenameFileQuery,
        response: { 200: MediaFile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const newName = validateFileName(request.query.newName);
      return renameFile(db, request.environmentId, request.params.fileId, newName);
    },
  );

  app.delete(
    '/file/:fileId',
    {
      schema: {
        summary: 'Deletes a file, its tags, its bytes and every cached image size.',
        description:
          "The theme's logo and a file shown by a sent publication (one with a delivery job) cannot be deleted: 409, its message listing the uses. Drafts showing the file do not stop the delete (the console asks first, naming them).",
        tags: ['media'],
        params: environmentParams(FileParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteFile(services, request.environmentId, request.params.fileId, logActorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/file/:fileId/usage',
    {
      schema: {
        summary:
          'Where a file is used: the theme logo and the blocks of publications (drafts and sent ones).',
        tags: ['media'],
        'x-extension': true,
        params: environmentParams(FileParams.properties),
        response: { 200: FileUsage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readFileUsage(db, request.environmentId, request.params.fileId),
  );

  app.get(
    '/file/:fileId/download',
    {
      schema: {
        summary: 'The file as an attachment named with its original name.',
        description:
          "Sent with the stored file's own media type (by its extension; application/octet-stream when " +
          'unknown). With a bucket store (MEDIA_STORE=s3) the answer is a 302 to a presigned link of at ' +
          'most 15 minutes, which answers the same.',
        tags: ['media'],
        'x-extension': true,
        'x-download': true,
        'x-produces': [...storedFileMediaTypes],
        params: environmentParams(FileParams.properties),
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { file, content } = await openFileContent(services, request.environmentId, request.params.fileId);
      // From a bucket the browser fetches the bytes itself, with a presigned link of at most 15 minutes
      // (the bucket stays private); pages and mails only ever link to the CDN.
      if (services.store.downloadUrl) {
        const key = fileKey(request.environmentId, file.id);
        const link = await services.store.downloadUrl(key, file.originalName, contentTypeOf(file.extension));
        return reply.header('cache-control', 'private, no-store').redirect(link, 302);
      }
      return reply
        .headers({
          ...userContentHeaders,
          'content-security-policy': scriptFreeContentSecurityPolicy,
          'content-disposition': attachmentDisposition(file.originalName),
          'content-length': String(content.sizeInBytes),
          'cache-control': 'private, no-store',
        })
        .type(contentTypeOf(file.extension))
        .send(content.stream());
    },
  );

  app.get(
    '/tags/:entity/:entityId',
    {
      schema: {
        summary: "The entity's tags, by name.",
        tags: ['media'],
        params: environmentParams(TagsParams.properties),
        response: { 200: Type.Array(Tag), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { entity, entityId } = request.params;
      await assertTaggableExists(db, request.environmentId, entity, entityId);
      return listTags(db, request.environmentId, entity, entityId);
    },
  );

  app.post(
    '/tags/:entity/:entityId',
    {
      schema: {
        summary: 'Adds a tag; a name the entity already has (ignoring case) returns that tag (200) instead.',
        tags: ['media'],
        params: environmentParams(TagsParams.properties),
        querystring: AddTagQuery,
        response: { 200: Tag, 201: Tag, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { entity, entityId } = request.params;
      const name = validateTagName(request.query.tagName);
      await assertTaggableExists(db, request.environmentId, entity, entityId);
      const { tag, created } = await addTag(db, request.environmentId, entity, entityId, name);
      return reply.status(created ? 201 : 200).send(tag);
    },
  );

  app.delete(
    '/tags/:entity/:entityId/:tagId',
    {
      schema: {
        summary: 'Removes one tag of the entity.',
        tags: ['media'],
        params: environmentParams(TagParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { entity, entityId, tagId } = request.params;
      await removeTag(db, request.environmentId, entity, entityId, tagId);
      return reply.status(204).send(null);
    },
  );
};

/** The still-encoded part of the URL after `…/media` (the router would decode it; traversal checks need it raw). */
function rawMediaPath(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  const at = pathname.indexOf('/media');
  return at < 0 ? '' : pathname.slice(at + '/media'.length);
}

function formatLimit(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${bytes} bytes`;
}

/** The first file of a multipart upload; a multipart Content-Type without a boundary answers 400. */
async function firstFile(files: AsyncIterableIterator<MultipartFile>): Promise<MultipartFile | undefined> {
  try {
    return (await files.next()).value as MultipartFile | undefined;
  } catch (error) {
    throw malformedMultipart(error, uploadField) ?? error;
  }
}

/** The contract is one file per request: a second file part refuses the whole upload, nothing is kept. */
async function refuseFurtherFiles(files: AsyncIterableIterator<MultipartFile>): Promise<void> {
  const oneFilePerRequest = () =>
    badRequest(uploadField, 'Stuur één bestand per verzoek; dit verzoek bevat er meer.');
  let next: IteratorResult<MultipartFile>;
  try {
    next = await files.next();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw oneFilePerRequest();
    throw malformedMultipart(error, uploadField) ?? error;
  }
  if (!next.done) {
    next.value.file.resume();
    throw oneFilePerRequest();
  }
}
