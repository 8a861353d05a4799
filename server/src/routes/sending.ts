import { logActorOf } from '../auditLog/logActor';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../contract/common';
import { SenderSettings, UpdateSenderBody, UpdateSendingDomainBody } from '../contract/sending';
import { dnsResolver } from '../sending/domainCheck';
import { requiredDomain } from '../sending/domainName';
import { verifySendingDomain } from '../sending/domainVerification';
import { domainRow, rotateDkimKey, setSendingDomain } from '../sending/sendingDomain';
import { readSender, updateSender, type SenderContext } from '../sending/senderSettings';
import { badRequest } from '../errors';

const tags = ['sending'];

/**
 * The environment's sender and sending domain (extensions, Instellingen › Afzender and › Verzenddomein).
 * Every answer is the whole sender record, so the console shows the new state at once. No answer carries a
 * DKIM private key. Paths are relative to /api/1/:environmentId; the rules live in sending/.
 */
export const sendingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const context = (): SenderContext => ({
    mailFrom: app.mail.from,
    catcher: app.mail.catcher !== undefined,
    spfInclude: app.config.sendingDomains.spfInclude,
  });
  const lookup = dnsResolver(app.config.sendingDomains.dnsResolvers);
  const answer = (environmentId: string) => readSender(app.db, environmentId, context(), new Date());
  /** Making an RSA key pair costs CPU: a handful per minute is all a person needs. */
  const keyPairsPerMinute = {
    rateLimit: {
      max: 20,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `dkim-key:${request.environmentId}`,
    },
  };

  app.get(
    '/sender',
    {
      schema: {
        summary:
          "The environment's sender, its sending domain with the DNS records to create, and whether it can send.",
        tags,
        'x-extension': true,
        response: { 200: SenderSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => answer(request.environmentId),
  );

  app.put(
    '/sender',
    {
      schema: {
        summary:
          'Saves the sender name, address and reply-to address (partial; empty clears). 400 names a bad address.',
        tags,
        'x-extension': true,
        body: UpdateSenderBody,
        response: { 200: SenderSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await updateSender(app.db, request.environmentId, request.body, logActorOf(request));
      return answer(request.environmentId);
    },
  );

  app.put(
    '/sender/domain',
    {
      config: keyPairsPerMinute,
      schema: {
        summary:
          'Sets the sending domain; a new domain gets a new DKIM key pair (RSA 2048) and is unverified until checked.',
        tags,
        'x-extension': true,
        body: UpdateSendingDomainBody,
        response: { 200: SenderSettings, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await setSendingDomain(
        app.db,
        request.environmentId,
        requiredDomain(request.body.domain, 'domain'),
        new Date(),
        logActorOf(request),
      );
      return answer(request.environmentId);
    },
  );

  app.post(
    '/sender/domain/check',
    {
      config: {
        // Each check is a handful of DNS lookups; a person clicks 'Controleren' now and then.
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          keyGenerator: (request) => `dns-check:${request.environmentId}`,
        },
      },
      schema: {
        summary:
          "Looks the domain's DKIM, SPF and DMARC records up in DNS (nothing else is contacted) and stores per record what is right or wrong.",
        tags,
        'x-extension': true,
        response: { 200: SenderSettings, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await verifySendingDomain(
        app.db,
        request.environmentId,
        lookup,
        app.config.sendingDomains.spfInclude,
        new Date(),
      );
      return answer(request.environmentId);
    },
  );

  app.post(
    '/sender/domain/rotate',
    {
      config: keyPairsPerMinute,
      schema: {
        summary:
          'Makes a new DKIM key pair; it signs once its record is found, and the old record must stay a week longer.',
        tags,
        'x-extension': true,
        response: { 200: SenderSettings, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const row = await domainRow(app.db, request.environmentId);
      if (!row) throw badRequest('domain', 'Stel eerst een verzenddomein in.');
      await rotateDkimKey(
        app.db,
        { environmentId: request.environmentId, id: row.id, domain: row.domain },
        new Date(),
        logActorOf(request),
      );
      return answer(request.environmentId);
    },
  );
};
