import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { environmentParams, errorResponses } from '../contract/common';
import {
  AddBlockParams,
  BlockParams,
  CreateDeliveryJobBody,
  CreatePublicationBody,
  DeliveryJob,
  DeliveryJobPage,
  DeliveryJobParams,
  DeliveryJobsQuery,
  DeliverCheck,
  DeliverCheckQuery,
  DeliveryRecipientPage,
  DeliveryRecipientsQuery,
  ScheduleDeliveryJobBody,
  Publication,
  PublicationBlock,
  PublicationBlockPage,
  PublicationId,
  PublicationPage,
  PublicationParams,
  PublicationsQuery,
  PublicationType,
  PublicationTypeParams,
  PublicationTypesQuery,
  RenderedPublication,
  RenderQuery,
  ReorderBlocksBody,
  UpdateBlockBody,
  UpdatePublicationBody,
} from '../contract/publications';
import {
  addBlock,
  getBlock,
  listBlocks,
  removeBlock,
  reorderBlocks,
  updateBlockContent,
} from '../publications/blocks';
import {
  createDeliveryJob,
  getDeliveryJob,
  listDeliveryJobs,
  plannedMoment,
} from '../publications/deliveryJobs';
import { cancelJob, scheduleJob } from '../delivery/jobStates';
import { jobRecipientPage } from '../delivery/jobRecipients';
import { heldEtags } from '../http/conditionalRequests';
import { routeMemberCheck } from './scope';
import { previewAnswer } from '../publications/publicationRendering';
import { checkDelivery } from '../publications/deliverChecks';
import { approvalNeedFor } from '../approval/approvalSettings';
import { logActorOf } from '../auditLog/logActor';
import { jobsToQueue } from '../abTests/abTestSetup';
import { getPublicationType, listPublicationTypes } from '../publications/publicationTypes';
import {
  createPublication,
  deletePublication,
  duplicatePublication,
  getPublication,
  listPublications,
  updatePublication,
} from '../publications/publications';

const tags = ['publications'];
const jobTags = ['deliveryjobs'];

/**
 * The publications area (spec §7): publication types, publications, their blocks and delivery jobs.
 * Handlers only translate HTTP; the rules live in server/src/publications/.
 * The list queries are cast to their contract types: the type provider (typebox 1) cannot read the
 * static type of the contract's `sort` enums, which ajv has validated by then.
 */
export const publicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // ---- Publication types -----------------------------------------------------------------------

  app.get(
    '/publicationtypes/',
    {
      schema: {
        summary:
          "The environment's publication types with templates and repeatable groups (total in X-Total-Count).",
        tags,
        querystring: PublicationTypesQuery,
        response: { 200: Type.Array(PublicationType), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listPublicationTypes(
        app.db,
        request.environmentId,
        request.query as PublicationTypesQuery,
      );
      return reply.header('X-Total-Count', String(page.total)).send(page.data);
    },
  );

  app.get(
    '/publicationtypes/:id',
    {
      schema: {
        summary: 'One publication type with its templates and repeatable groups.',
        tags,
        params: environmentParams(PublicationTypeParams.properties),
        response: { 200: PublicationType, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPublicationType(app.db, request.environmentId, request.params.id),
  );

  // ---- Publications ----------------------------------------------------------------------------

  app.get(
    '/publications/',
    {
      schema: {
        summary: 'A page of publications (search in name and type name; newest first by default).',
        tags,
        'x-extension': true,
        querystring: PublicationsQuery,
        response: { 200: PublicationPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPublications(app.db, request.environmentId, request.query as PublicationsQuery),
  );

  app.get(
    '/publications/:id',
    {
      schema: {
        summary: 'One publication.',
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 200: Publication, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPublication(app.db, request.environmentId, request.params.id),
  );

  app.post(
    '/publications/',
    {
      schema: {
        summary:
          'Creates a publication; answers its id as a JSON string. 400 for an unknown publication type.',
        tags,
        body: CreatePublicationBody,
        response: { 201: PublicationId, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const id = await createPublication(app.db, request.environmentId, request.body);
      // A string payload would go out as text/plain; the contract says a JSON string.
      return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(id));
    },
  );

  app.put(
    '/publications/:id',
    {
      schema: {
        summary: "Changes a publication's name and flags; answers the publication.",
        tags,
        params: environmentParams(PublicationParams.properties),
        body: UpdatePublicationBody,
        response: { 200: Publication, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updatePublication(app.db, request.environmentId, request.params.id, request.body),
  );

  app.post(
    '/publications/:id/duplicate',
    {
      schema: {
        summary:
          'Copies a publication in one transaction: same type, flags, subject, preview text and blocks, named ' +
          "'{name} (kopie)'; answers the copy.",
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 201: Publication, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = await duplicatePublication(app.db, request.environmentId, request.params.id);
      return reply.status(201).send(await getPublication(app.db, request.environmentId, id));
    },
  );

  app.get(
    '/publications/:id/deliver-check',
    {
      schema: {
        summary:
          'The checks before sending for a choice of audience and template: the recipients it reaches now ' +
          '(unsubscribers and duplicates left out, as the job counts them), blockers (POST /deliveryjobs refuses ' +
          'while one holds) and warnings, with Dutch messages.',
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        querystring: DeliverCheckQuery,
        response: { 200: DeliverCheck, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const check = await checkDelivery(
        app.db,
        app.config,
        app.mail.catcher !== undefined,
        request.environmentId,
        request.params.id,
        {
          audienceId: request.query.audienceId ?? null,
          templateId: request.query.templateId ?? null,
          participantGroup:
            request.query.participantGroup ?? (request.query.onlyAcceptedRsvp ? 'accepted' : null),
          contentVariants: request.query.contentVariants ?? 1,
        },
      );
      const { approval, blocker } = await approvalNeedFor(app.db, request.environmentId, check.recipients, {
        id: request.user.id,
        role: request.user.role,
      });
      return { ...check, blockers: blocker ? [...check.blockers, blocker] : check.blockers, approval };
    },
  );

  app.delete(
    '/publications/:id',
    {
      schema: {
        summary:
          'Deletes a publication with its blocks. 409 when it has delivery jobs: they are the record of what was ' +
          '(or will be) sent.',
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deletePublication(app.db, request.environmentId, request.params.id, logActorOf(request));
      return reply.status(204).send(null);
    },
  );

  // ---- Blocks ----------------------------------------------------------------------------------

  app.get(
    '/publications/:id/blocks',
    {
      schema: {
        summary: "A publication's blocks in order.",
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 200: PublicationBlockPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const blocks = await listBlocks(app.db, request.environmentId, request.params.id);
      return { data: blocks, total: blocks.length };
    },
  );

  app.post(
    '/publications/:publicationId/type/:publicationTypeId/:blockType/dynamic',
    {
      schema: {
        summary:
          "Appends a block of one of the publication type's repeatable groups; answers the block. 400 when the type is " +
          "not the publication's or the block type is not one of its groups.",
        tags,
        params: environmentParams(AddBlockParams.properties),
        response: { 201: PublicationBlock, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const block = await addBlock(app.db, request.environmentId, request.params);
      return reply.status(201).send(block);
    },
  );

  app.put(
    '/publications/:id/blocks/order',
    {
      schema: {
        summary:
          'Puts the blocks in a new order: the body names every block of the publication once; answers the blocks.',
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        body: ReorderBlocksBody,
        response: { 200: PublicationBlockPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const blocks = await reorderBlocks(
        app.db,
        request.environmentId,
        request.params.id,
        request.body.blockIds,
      );
      return { data: blocks, total: blocks.length };
    },
  );

  app.get(
    '/publications/:id/blocks/:blockId',
    {
      schema: {
        summary: 'One block with its content and version.',
        tags,
        'x-extension': true,
        params: environmentParams(BlockParams.properties),
        response: { 200: PublicationBlock, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBlock(app.db, request.environmentId, request.params.id, request.params.blockId),
  );

  app.put(
    '/publications/:id/blocks/:blockId',
    {
      // A block's content is text and HTML of one block: far below this.
      bodyLimit: 256 * 1024,
      schema: {
        summary:
          "Saves a block's content, checked against its repeatable group's field definitions (400 naming " +
          '`content.{field}`); answers the block with its new version. 409 when the block is no longer at the ' +
          'version sent (someone else saved it): nothing is stored.',
        tags,
        'x-extension': true,
        params: environmentParams(BlockParams.properties),
        body: UpdateBlockBody,
        response: { 200: PublicationBlock, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateBlockContent(
        app.db,
        request.environmentId,
        request.params.id,
        request.params.blockId,
        request.body,
      ),
  );

  app.delete(
    '/publications/:id/blocks/:blockId',
    {
      schema: {
        summary: 'Removes a block; the blocks after it move up.',
        tags,
        'x-extension': true,
        params: environmentParams(BlockParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeBlock(app.db, request.environmentId, request.params.id, request.params.blockId);
      return reply.status(204).send(null);
    },
  );

  // ---- Rendering -------------------------------------------------------------------------------

  app.get(
    '/publications/:id/render',
    {
      // The console asks for the preview after every save: its first query checks the membership too,
      // one query less on PGlite (docs/performance.md, rendering).
      config: { membershipInRouteQuery: true },
      schema: {
        summary:
          'The publication rendered through a template of its type: e-mail-safe HTML (inlined styles, no script) ' +
          "and plain text. Merge fields show their fallback; the unsubscribe link is an example of a recipient's. " +
          '400 naming templateId for a template of another type; `variant` shows a content variant instead. With ' +
          'an ETag and `Cache-Control: no-cache`: a request whose If-None-Match names the current ETag is ' +
          'answered 304 without a body.',
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        querystring: RenderQuery,
        response: {
          200: RenderedPublication,
          304: Type.Null({ description: 'Not modified: the ETag of If-None-Match is current.' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, typedReply) => {
      const answer = await previewAnswer(
        app.db,
        app.config,
        request.environmentId,
        request.params.id,
        request.query.templateId,
        request.query.recipient,
        request.query.variant,
        app.mail.from,
        heldEtags(request),
        routeMemberCheck(request),
      );
      // Revalidated by the browser (no-cache): an unchanged preview is a 304 without a body.
      const reply: FastifyReply = typedReply.headers({
        etag: answer.etag,
        'cache-control': 'private, no-cache',
      });
      if (answer.body === undefined) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );

  // ---- Delivery jobs ---------------------------------------------------------------------------

  app.post(
    '/deliveryjobs',
    {
      schema: {
        summary:
          'Plans the delivery of a publication (status Gepland; the worker sends it at scheduledAt, now by default); ' +
          'answers the job. With `abTest` the job is the parent of an A/B test (GET /deliveryjobs/{id}/abtest). audienceId may be missing or null only when SendToOnlyAcceptedRsvp is true or participantGroup is set. 400 naming ' +
          'the field while a blocker of GET /publications/{id}/deliver-check holds, and for a past scheduledAt; 409 when ' +
          "the send needs approval ('Goedkeuring': POST /approvalrequests asks for it).",
        tags: jobTags,
        body: CreateDeliveryJobBody,
        response: { 201: DeliveryJob, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const job = await createDeliveryJob(app.db, request.environmentId, logActorOf(request), request.body, {
        catcher: app.mail.catcher !== undefined,
      });
      // Were this lost (a crash right here), the worker's sweep queues the planned job anyway. An A/B
      // test's variant jobs are queued, never its parent (abTests/).
      for (const jobId of await jobsToQueue(app.db, job.id))
        await app.delivery.enqueue(jobId, new Date(job.scheduledAt));
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/deliveryjobs',
    {
      schema: {
        summary:
          'A page of delivery jobs (search in title, publication and audience; newest first by default).',
        tags: jobTags,
        'x-extension': true,
        querystring: DeliveryJobsQuery,
        response: { 200: DeliveryJobPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listDeliveryJobs(app.db, request.environmentId, request.query as DeliveryJobsQuery),
  );

  app.get(
    '/deliveryjobs/:id',
    {
      schema: {
        summary: 'One delivery job.',
        tags: jobTags,
        'x-extension': true,
        params: environmentParams(DeliveryJobParams.properties),
        response: { 200: DeliveryJob, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDeliveryJob(app.db, request.environmentId, request.params.id),
  );

  app.post(
    '/deliveryjobs/:id/cancel',
    {
      schema: {
        summary:
          'Cancels a planned or running job (409 once it has finished); messages already sent stay sent. Answers the job.',
        tags: jobTags,
        'x-extension': true,
        params: environmentParams(DeliveryJobParams.properties),
        response: { 200: DeliveryJob, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await cancelJob(app.db, request.environmentId, request.params.id, new Date(), logActorOf(request));
      return getDeliveryJob(app.db, request.environmentId, request.params.id);
    },
  );

  app.put(
    '/deliveryjobs/:id/schedule',
    {
      schema: {
        summary:
          "Moves a planned job to another moment (409 once it has started); 400 'Kies een moment in de toekomst' for a past one.",
        tags: jobTags,
        'x-extension': true,
        params: environmentParams(DeliveryJobParams.properties),
        body: ScheduleDeliveryJobBody,
        response: { 200: DeliveryJob, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { environmentId } = request;
      const scheduledAt = plannedMoment(request.body.scheduledAt, new Date());
      await scheduleJob(app.db, environmentId, request.params.id, scheduledAt, logActorOf(request));
      await app.delivery.enqueue(request.params.id, scheduledAt);
      return getDeliveryJob(app.db, environmentId, request.params.id);
    },
  );

  app.get(
    '/deliveryjobs/:id/recipients',
    {
      schema: {
        summary:
          "A page of the job's recipients with their result (search in the address; filter by status), once the job has started.",
        tags: jobTags,
        'x-extension': true,
        params: environmentParams(DeliveryJobParams.properties),
        querystring: DeliveryRecipientsQuery,
        response: { 200: DeliveryRecipientPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      jobRecipientPage(
        app.db,
        request.environmentId,
        request.params.id,
        request.query as DeliveryRecipientsQuery,
      ),
  );
};
