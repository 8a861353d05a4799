import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApprovalCount,
  ApprovalRequest,
  ApprovalRequestPage,
  ApprovalRequestParams,
  ApprovalRequestsQuery,
  ApprovalReview,
  ApprovalSetting,
  ApprovalSettingBody,
  CreateApprovalRequestBody,
  RejectApprovalBody,
} from '../contract/approval';
import { Type } from '@sinclair/typebox';
import { Uuid, environmentParams, errorResponses } from '../contract/common';
import { Journey, PublishJourneyBody } from '../contract/journeys';
import { DeliveryJob } from '../contract/publications';
import { mailApprovers, mailRejection, type ApprovalMailContext } from '../approval/approvalMails';
import {
  approveRequest,
  countDecidable,
  getApprovalRequest,
  listApprovalRequests,
  rejectRequest,
  requestApproval,
  requestChoice,
  requestJourneyPublish,
} from '../approval/approvalRequests';
import { approvalSettingOf, setApprovalSetting } from '../approval/approvalSettings';
import { checkDelivery } from '../publications/deliverChecks';
import { publicationFromLine } from '../sending/senderSettings';

const tags = ['Approval'];

/**
 * 'Goedkeuring' (issue 39): the environment's setting, and the approval requests 'Verspreiden' makes for
 * a send that needs a second member's approval. The rules live in server/src/approval/.
 */
export const approvalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catcher = () => app.mail.catcher !== undefined;
  const mailContext = (log: ApprovalMailContext['log']): ApprovalMailContext => ({
    db: app.db,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    log,
  });

  app.get(
    '/approval-settings',
    {
      schema: {
        summary:
          "The environment's 'Goedkeuring': from how many recipients a send needs approval (null: off), and " +
          'whether publishing a journey does.',
        tags,
        'x-extension': true,
        response: { 200: ApprovalSetting, ...errorResponses(401, 403) },
      },
    },
    async (request) => approvalSettingOf(app.db, request.environmentId),
  );

  app.put(
    '/approval-settings',
    {
      schema: {
        summary: "Sets the environment's 'Goedkeuring' (`journeys` left out stays as it was).",
        tags,
        'x-extension': true,
        body: ApprovalSettingBody,
        response: { 200: ApprovalSetting, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await setApprovalSetting(app.db, request.environmentId, request.body, request.user.id);
      return approvalSettingOf(app.db, request.environmentId);
    },
  );

  app.post(
    '/approvalrequests',
    {
      schema: {
        summary:
          'Asks approval for a send (the body of POST /deliveryjobs, checked the same way); the members who may ' +
          'approve are mailed. Answers the request.',
        tags,
        'x-extension': true,
        body: CreateApprovalRequestBody,
        response: { 201: ApprovalRequest, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { environmentId, user } = request;
      const id = await requestApproval(app.db, environmentId, user.id, request.body, { catcher: catcher() });
      const created = await getApprovalRequest(app.db, environmentId, id, user.id);
      await mailApprovers(mailContext(request.log), environmentId, created, user.id);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/journeys/:id/approvalrequests',
    {
      schema: {
        summary:
          "Asks approval to publish (or activate) a journey, while 'Goedkeuring' covers journeys (409 when not); " +
          'checked as publishing is. The members who may approve are mailed. Answers the request.',
        tags,
        'x-extension': true,
        params: environmentParams({ id: Uuid }),
        body: PublishJourneyBody,
        response: { 201: ApprovalRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { environmentId, user } = request;
      const id = await requestJourneyPublish(
        app.db,
        environmentId,
        user.id,
        request.params.id,
        request.body.moves ?? {},
      );
      const created = await getApprovalRequest(app.db, environmentId, id, user.id);
      await mailApprovers(mailContext(request.log), environmentId, created, user.id);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/approvalrequests',
    {
      schema: {
        summary: "A page of the environment's approval requests, newest first.",
        tags,
        'x-extension': true,
        querystring: ApprovalRequestsQuery,
        response: { 200: ApprovalRequestPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listApprovalRequests(
        app.db,
        request.environmentId,
        request.user.id,
        request.query as ApprovalRequestsQuery,
      ),
  );

  app.get(
    '/approvalrequests/count',
    {
      schema: {
        summary: "How many requests wait for the calling member (the badge of 'Goed te keuren').",
        tags,
        'x-extension': true,
        response: { 200: ApprovalCount, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ waiting: await countDecidable(app.db, request.environmentId, request.user.id) }),
  );

  app.get(
    '/approvalrequests/:id',
    {
      schema: {
        summary: 'One approval request, with whether the calling member may decide it and why not.',
        tags,
        'x-extension': true,
        params: environmentParams(ApprovalRequestParams.properties),
        response: { 200: ApprovalRequest, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getApprovalRequest(app.db, request.environmentId, request.params.id, request.user.id),
  );

  app.get(
    '/approvalrequests/:id/review',
    {
      schema: {
        summary:
          "What the send would be now: the deliver check's recipients, blockers and warnings, and the From line " +
          '(409 for a request to publish a journey).',
        tags,
        'x-extension': true,
        params: environmentParams(ApprovalRequestParams.properties),
        response: { 200: ApprovalReview, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { environmentId } = request;
      const choice = await requestChoice(app.db, environmentId, request.params.id);
      const check = await checkDelivery(app.db, app.config, catcher(), environmentId, choice.publicationId, {
        audienceId: choice.audienceId,
        templateId: choice.templateId,
        participantGroup: choice.participantGroup,
      });
      return {
        recipients: check.recipients,
        blockers: check.blockers,
        warnings: check.warnings,
        from: await publicationFromLine(app.db, environmentId, choice.publicationId, app.mail.from),
      };
    },
  );

  app.post(
    '/approvalrequests/:id/approve',
    {
      schema: {
        summary:
          'Approves a request and creates its delivery job or publishes its journey, once (409 when decided or ' +
          "void; 403 for one's own request). Answers the job, or the journey as published.",
        tags,
        'x-extension': true,
        params: environmentParams(ApprovalRequestParams.properties),
        response: { 200: Type.Union([DeliveryJob, Journey]), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const made = await approveRequest(app.db, request.environmentId, request.params.id, request.user.id, {
        catcher: catcher(),
      });
      if ('journey' in made) return made.journey;
      // Were this lost (a crash right here), the worker's sweep queues the planned job anyway.
      await app.delivery.enqueue(made.job.id, new Date(made.job.scheduledAt));
      return made.job;
    },
  );

  app.post(
    '/approvalrequests/:id/reject',
    {
      schema: {
        summary: 'Rejects a request with a reason, which is mailed to the requester. Answers the request.',
        tags,
        'x-extension': true,
        params: environmentParams(ApprovalRequestParams.properties),
        body: RejectApprovalBody,
        response: { 200: ApprovalRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { environmentId, user } = request;
      const requesterId = await rejectRequest(
        app.db,
        environmentId,
        request.params.id,
        user.id,
        request.body.reason,
      );
      const rejected = await getApprovalRequest(app.db, environmentId, request.params.id, user.id);
      await mailRejection(mailContext(request.log), environmentId, rejected, requesterId);
      return rejected;
    },
  );
};
