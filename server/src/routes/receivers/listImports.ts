import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { environmentParams, errorResponses } from '../../contract/common';
import {
  ImportMapping,
  ImportParams,
  ImportPreview,
  ImportRefusal,
  importModes,
  importTargets,
  ListImport,
  shownRefusals,
  type ImportMode,
} from '../../contract/listImports';
import { ListParams } from '../../contract/receivers';
import { badRequest, payloadTooLarge } from '../../errors';
import { malformedMultipart } from '../../http/multipartErrors';
import { attachmentDisposition } from '../../media/contentDisposition';
import { headerAndRows, inspectCsv } from '../../receivers/importCsv';
import { ImportFileTooLargeError, importFiles, type ImportFiles } from '../../receivers/importFiles';
import { checkMapping, checkNewLabels, suggestMapping } from '../../receivers/importMapping';
import { createImportRunner } from '../../receivers/importRunner';
import { findList } from '../../receivers/listRecords';
import {
  createImport,
  findImport,
  firstRefusals,
  latestImports,
  refusedRowsCsv,
  requestCancel,
  toListImport,
} from '../../receivers/listImports';

const tags = ['receivers: imports'];
const fileField = 'file';
const consentMessage =
  'Bevestig dat de ontvangers toestemming hebben gegeven voordat je ze importeert (consent).';

/** CSV imports into a manual list (extensions) and their background runner. */
export const listImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limitBytes, batchRows, writers } = app.config.imports;
  const files = importFiles(app.config.dataDir);
  const runner = createImportRunner(app.db, files, batchRows, writers);
  await runner.recover();
  app.addHook('onClose', () => runner.stop());
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  app.post(
    '/list/manual/:listId/imports/preview',
    {
      schema: {
        summary:
          'Reads an uploaded CSV (multipart, field `file`) and answers its encoding, delimiter, header, first ' +
          'five rows and a mapping suggested from the header; keeps nothing.',
        tags,
        'x-extension': true,
        consumes: ['multipart/form-data'],
        params: environmentParams(ListParams.properties),
        response: { 200: ImportPreview, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const list = await findList(app.db, request.environmentId, request.params.listId);
      const upload = await receiveUpload(request, files, limitBytes);
      try {
        const format = await inspectCsv(upload.path);
        const { header, rows } = await headerAndRows(format, 5);
        return {
          encoding: format.encoding,
          delimiter: format.delimiter,
          header,
          rows,
          suggestedMapping: suggestMapping(header, list),
        };
      } finally {
        await files.remove(upload.path);
      }
    },
  );

  app.post(
    '/list/manual/:listId/imports',
    {
      schema: {
        summary: 'Starts an import of a CSV file into the list, processed in the background.',
        description:
          'multipart/form-data: `file` (one CSV file: UTF-8 with or without BOM or Windows-1252; ; , or tab; ' +
          'the first row is the header), `mode` (add | update | addAndUpdate, matched on the e-mail address ' +
          'ignoring case), `mapping` (JSON: column index → field, attribute1..9, attributesJson (a JSON ' +
          'object whose keys fill the labels named so) or skip; email required; without a name column ' +
          'the name is composed from first name, infix and last name, else the address before the @), ' +
          '`newLabels` (optional JSON: attributeN → label, given to the list with the import, for columns ' +
          'mapped to an attribute without a label) and `consent` (true: consent was obtained, spec §6). ' +
          'Larger than IMPORT_LIMIT_BYTES (default 200 MB): 413. Empty, a header only or not CSV: 400. ' +
          'Nothing is kept on a refusal. 409 while the list has a running import. Globally unsubscribed ' +
          'addresses are never added.',
        tags,
        'x-extension': true,
        consumes: ['multipart/form-data'],
        params: environmentParams(ListParams.properties),
        response: { 202: ListImport, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const list = await findList(app.db, request.environmentId, request.params.listId);
      const upload = await receiveUpload(request, files, limitBytes);
      try {
        if (upload.fields.consent !== 'true') throw badRequest('consent', consentMessage);
        const mode = upload.fields.mode as ImportMode;
        if (!importModes.includes(mode))
          throw badRequest('mode', "Kies 'add', 'update' of 'addAndUpdate' als mode.");
        const mapping = parseMapping(upload.fields.mapping);
        const newLabels = checkNewLabels(parseNewLabels(upload.fields.newLabels), mapping, list);
        const format = await inspectCsv(upload.path);
        const { header } = await headerAndRows(format, 1);
        const plan = checkMapping(mapping, list, header, newLabels);
        const created = await createImport(
          app.db,
          {
            environmentId: request.environmentId,
            listId: list.id,
            mode,
            mapping: Object.fromEntries(Object.entries(mapping).filter(([, target]) => target !== 'skip')),
            header,
            fileName: upload.fileName,
            fileBytes: upload.bytes,
            encoding: format.encoding,
            delimiter: format.delimiter,
          },
          newLabels,
        );
        const filePath = await files.keep(upload.path, created.id);
        runner.start({
          importId: created.id,
          environmentId: request.environmentId,
          listId: list.id,
          mode,
          plan,
          format,
          filePath,
        });
        return reply.status(202).send(toListImport(created));
      } catch (error) {
        await files.remove(upload.path);
        throw error;
      }
    },
  );

  app.get(
    '/list/manual/:listId/imports',
    {
      schema: {
        summary: "The list's latest imports (at most 20), newest first, with their progress.",
        tags,
        'x-extension': true,
        params: environmentParams(ListParams.properties),
        response: { 200: Type.Array(ListImport), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const list = await findList(app.db, request.environmentId, request.params.listId, {
        includeDeleted: true,
      });
      return (await latestImports(app.db, list.id)).map((row) => toListImport(row));
    },
  );

  app.get(
    '/list/manual/:listId/imports/:importId',
    {
      schema: {
        summary: 'One import: status, counts and progress (rows done, estimated total, rows per second).',
        tags,
        'x-extension': true,
        params: environmentParams(ImportParams.properties),
        response: { 200: ListImport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const list = await findList(app.db, request.environmentId, request.params.listId, {
        includeDeleted: true,
      });
      return toListImport(await findImport(app.db, list.id, request.params.importId));
    },
  );

  app.post(
    '/list/manual/:listId/imports/:importId/cancel',
    {
      schema: {
        summary: 'Cancels a running import: it stops before its next batch; committed batches stay.',
        tags,
        'x-extension': true,
        params: environmentParams(ImportParams.properties),
        response: { 200: ListImport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const list = await findList(app.db, request.environmentId, request.params.listId, {
        includeDeleted: true,
      });
      const found = await findImport(app.db, list.id, request.params.importId);
      await requestCancel(app.db, found.id);
      return toListImport(await findImport(app.db, list.id, found.id));
    },
  );

  app.get(
    '/list/manual/:listId/imports/:importId/refusals',
    {
      schema: {
        summary: `The import's first ${shownRefusals} refused rows by row number, with their reasons; all are in refused.csv.`,
        tags,
        'x-extension': true,
        params: environmentParams(ImportParams.properties),
        response: { 200: Type.Array(ImportRefusal), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const list = await findList(app.db, request.environmentId, request.params.listId, {
        includeDeleted: true,
      });
      const found = await findImport(app.db, list.id, request.params.importId);
      return firstRefusals(app.db, found.id, shownRefusals);
    },
  );

  app.get(
    '/list/manual/:listId/imports/:importId/refused.csv',
    {
      schema: {
        summary:
          "The import's refused rows as CSV in the file's own layout: its header plus 'Reden' (the reason, " +
          'in Dutch); fixed, it imports again as it is.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['text/csv'],
        params: environmentParams(ImportParams.properties),
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const list = await findList(app.db, request.environmentId, request.params.listId, {
        includeDeleted: true,
      });
      const found = await findImport(app.db, list.id, request.params.importId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`${list.title} - geweigerde rijen.csv`))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(refusedRowsCsv(app.db, found));
    },
  );
};

interface ReceivedUpload {
  path: string;
  bytes: number;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Reads a multipart request: exactly one file part named `file`, streamed to a staged file, and the
 * text fields (in any order). Over the limit 413, no file or two files 400; nothing is kept then.
 */
async function receiveUpload(
  request: FastifyRequest,
  files: ImportFiles,
  limitBytes: number,
): Promise<ReceivedUpload> {
  const tooLarge = () =>
    payloadTooLarge(`Het bestand is groter dan de toegestane ${Math.round(limitBytes / (1024 * 1024))} MB.`);
  if (Number(request.headers['content-length'] ?? 0) > limitBytes + 1024 * 1024) throw tooLarge();
  if (!request.isMultipart())
    throw badRequest(fileField, `Stuur het bestand als multipart/form-data in het veld '${fileField}'.`);
  const fields: Record<string, string> = {};
  let staged: { path: string; bytes: number; fileName: string } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: limitBytes + 1, files: 2, fields: 10, parts: 20 } });
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || staged) {
        part.file.resume();
        throw badRequest(fileField, "Stuur één bestand per verzoek, in het veld 'file'.");
      }
      const result = await files.stage(part.file, limitBytes);
      staged = { ...result, fileName: part.filename || 'import.csv' };
    }
  } catch (error) {
    if (staged) await files.remove(staged.path);
    if (error instanceof ImportFileTooLargeError) throw tooLarge();
    throw malformedMultipart(error, fileField) ?? error;
  }
  if (!staged) throw badRequest(fileField, `Het veld '${fileField}' is verplicht.`);
  return { ...staged, fields };
}

function parseMapping(text: string | undefined): ImportMapping {
  const refusal = () =>
    badRequest(
      'mapping',
      'De koppeling (mapping) moet JSON zijn: kolomnummer → veld, bijvoorbeeld {"0":"email"}.',
    );
  if (!text) throw refusal();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refusal();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refusal();
  const valid = Object.entries(value).every(
    ([column, target]) =>
      /^[0-9]{1,4}$/.test(column) && (importTargets as readonly unknown[]).includes(target),
  );
  if (!valid) throw refusal();
  return value as ImportMapping;
}

/** The optional `newLabels` field: JSON attributeN → label, or a 400 naming `newLabels`. */
function parseNewLabels(text: string | undefined): Record<string, string> {
  if (!text) return {};
  const refusal = () =>
    badRequest(
      'newLabels',
      'De nieuwe labels moeten JSON zijn: kenmerk → label, bijvoorbeeld {"attribute3":"Wijk"}.',
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refusal();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refusal();
  if (!Object.values(value).every((label) => typeof label === 'string')) throw refusal();
  return value as Record<string, string>;
}
