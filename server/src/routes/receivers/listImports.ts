import { logActorOf } from '../../auditLog/logActor';
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
  optedOutChoices,
  type OptedOutChoice,
  ListImport,
  shownRefusals,
  type ImportMode,
} from '../../contract/listImports';
import { ListParams } from '../../contract/receivers';
import { badRequest, payloadTooLarge } from '../../errors';
import { malformedMultipart } from '../../http/multipartErrors';
import { attachmentDisposition } from '../../media/contentDisposition';
import { mediaServices } from '../../media/mediaServices';
import { sharedStoreGraceMs } from '../../media/reconcile';
import { ContentTooLargeError } from '../../media/store';
import { headerAndRows, inspectCsv, type UploadInspection } from '../../receivers/importCsv';
import { removeAbandonedImportFiles } from '../../receivers/importFileReconciliation';
import { importFiles } from '../../receivers/importFiles';
import { checkMapping, checkNewLabels, storedPlan, suggestMapping } from '../../receivers/importMapping';
import { createImportRunner } from '../../receivers/importRunner';
import { findList } from '../../receivers/listRecords';
import {
  createImport,
  findImportOfList,
  firstRefusals,
  latestImports,
  refusedRowsCsv,
  requestCancel,
  toListImport,
} from '../../receivers/listImports';
import { fieldLabel } from '../../contract/fieldLabels';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

const tags = ['receivers: imports'];
const fileField = 'file';
const consentMessage =
  'Bevestig dat de ontvangers toestemming hebben gegeven voordat je ze importeert (consent).';

/**
 * CSV imports into a manual list (extensions) and their background runner. Files live in the media
 * store (disk or the shared bucket), so any instance can run an import another one received.
 */
export const listImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limitBytes, batchRows, writers, leaseSeconds } = app.config.imports;
  const { store } = await mediaServices(app);
  const files = importFiles(store);
  // A shared bucket may hold an upload another instance is checking before it writes the import's record.
  const shared = app.config.mediaStore.kind === 's3';
  const removed = await removeAbandonedImportFiles(app.db, store, {
    graceMs: shared ? sharedStoreGraceMs : 0,
  });
  if (removed === undefined) app.log.info('imports: another instance is reconciling the import files');
  else if (removed > 0) app.log.warn({ removed }, 'imports: removed import files no running import needs');
  const runner = createImportRunner(app.db, files, { batchRows, writers, leaseMs: leaseSeconds * 1000 });
  // onClose hooks run in reverse order: the health routes opened the store earlier, so the runner stops first.
  app.addHook('onClose', () => runner.stop());
  await runner.open({ embedded: !app.config.databaseUrl });
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  const importOf = ({
    environmentId,
    params,
  }: {
    environmentId: string;
    params: { listId: string; importId: string };
  }) => findImportOfList(app.db, environmentId, params.listId, params.importId);

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
      // Only looked at on its way in: nothing is stored.
      const upload = await receiveUpload(request, limitBytes, (content) =>
        files.inspect(content, limitBytes),
      );
      const format = inspectCsv(upload.file);
      const { header, rows } = await headerAndRows(format, 5);
      return {
        encoding: format.encoding,
        delimiter: format.delimiter,
        header,
        rows,
        suggestedMapping: suggestMapping(header, list),
        optedOut: upload.file.optedOut && {
          column: upload.file.optedOut.column,
          tool: upload.file.optedOut.tool,
          rows: upload.file.optedOut.rows,
        },
      };
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
          'mapped to an attribute without a label), `optedOut` (optional: unsubscribe (default) | skip, what ' +
          'happens to rows the file marks as opted out, see the preview) and `consent` (true: consent was ' +
          'obtained, spec §6). ' +
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
      const actor = logActorOf(request);
      const importId = randomUUID();
      const upload = await receiveUpload(request, limitBytes, (content) =>
        files.stage(request.environmentId, importId, content, limitBytes),
      );
      const staged = upload.file;
      let created;
      try {
        if (upload.fields.consent !== 'true') throw badRequest('consent', consentMessage);
        const mode = upload.fields.mode as ImportMode;
        if (!importModes.includes(mode))
          throw badRequest('mode', "Manier van importeren moet 'add', 'update' of 'addAndUpdate' zijn.");
        const optedOut = (upload.fields.optedOut ?? 'unsubscribe') as OptedOutChoice;
        if (!optedOutChoices.includes(optedOut))
          throw badRequest(
            'optedOut',
            "Wat er met afgemelde ontvangers gebeurt moet 'unsubscribe' of 'skip' zijn.",
          );
        const mapping = parseMapping(upload.fields.mapping);
        const newLabels = checkNewLabels(parseNewLabels(upload.fields.newLabels), mapping, list);
        const format = inspectCsv(staged);
        const { header } = await headerAndRows(format, 1);
        const plan = checkMapping(mapping, list, header, newLabels, optedOut);
        // The file before its record (a crash in between leaves a file reconciliation removes, never an
        // import without its file); this instance holds the new import's lease and runs it at once.
        await staged.commit();
        created = await createImport(
          app.db,
          {
            id: importId,
            environmentId: request.environmentId,
            listId: list.id,
            mode,
            mapping: Object.fromEntries(Object.entries(mapping).filter(([, target]) => target !== 'skip')),
            header,
            fileName: upload.fileName,
            fileBytes: staged.bytes,
            encoding: format.encoding,
            delimiter: format.delimiter,
            plan: storedPlan(plan),
            startedByUserId: actor.userId,
            startedByName: actor.name,
            ...runner.newLease(),
          },
          newLabels,
        );
      } catch (error) {
        await staged.discard();
        await files.remove(request.environmentId, importId);
        throw error;
      }
      runner.start(created);
      return reply.status(202).send(toListImport(created));
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
      const { environmentId, params } = request;
      return (await latestImports(app.db, environmentId, params.listId)).map((row) => toListImport(row));
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
    async (request) => toListImport((await importOf(request)).listImport),
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
    async (request) => toListImport(await requestCancel(app.db, (await importOf(request)).listImport)),
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
    async (request) => firstRefusals(app.db, (await importOf(request)).listImport.id, shownRefusals),
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
      const { list, listImport } = await importOf(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`${list.title} - geweigerde rijen.csv`))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(refusedRowsCsv(app.db, listImport));
    },
  );
};

interface ReceivedUpload<File> {
  file: File;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Reads a multipart request: exactly one file part named `file`, handed to `accept` (which streams it
 * into the store, or only inspects it), and the text fields (in any order). Over the limit 413, no file
 * or two files 400; nothing is kept then.
 */
async function receiveUpload<File extends UploadInspection & { discard?(): Promise<void> }>(
  request: FastifyRequest,
  limitBytes: number,
  accept: (content: Readable) => Promise<File>,
): Promise<ReceivedUpload<File>> {
  const tooLarge = () =>
    payloadTooLarge(`Het bestand is groter dan de toegestane ${Math.round(limitBytes / (1024 * 1024))} MB.`);
  if (Number(request.headers['content-length'] ?? 0) > limitBytes + 1024 * 1024) throw tooLarge();
  if (!request.isMultipart())
    throw badRequest(fileField, `Stuur het bestand als multipart/form-data in het veld '${fileField}'.`);
  const fields: Record<string, string> = {};
  let received: { file: File; fileName: string } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: limitBytes + 1, files: 2, fields: 10, parts: 20 } });
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || received) {
        part.file.resume();
        throw badRequest(fileField, "Stuur één bestand per verzoek, in het veld 'file'.");
      }
      received = { file: await accept(part.file), fileName: part.filename || 'import.csv' };
    }
  } catch (error) {
    await received?.file.discard?.();
    if (error instanceof ContentTooLargeError) throw tooLarge();
    throw malformedMultipart(error, fileField) ?? error;
  }
  if (!received) throw badRequest(fileField, `${fieldLabel(fileField)} is verplicht.`);
  return { ...received, fields };
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
