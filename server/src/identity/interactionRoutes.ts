import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction } from 'oidc-provider';
import { findKnownAccount, type UserDirectory } from './accounts';
import { grantRequestedConsent } from './autoConsent';
import { providerMountPath } from './embeddedClient';
import { ApiError } from '../errors';
import { publicRateLimit } from '../http/rateLimit';
import { dutchErrorMessage } from './pages/errorMessages';
import { pageHeaders } from './pages/layout';
import { errorPage } from './pages/messagePages';
import { signInPage, type DemoUser, type SignInProblem } from './pages/signInPage';

export interface InteractionRoutesOptions {
  provider: Provider;
  users: UserDirectory;
  consoleUrl: string;
}

type InteractionRequest = FastifyRequest<{
  Params: { uid: string };
  Body: Record<string, string> | undefined;
}>;

const formBodyLimitBytes = 8 * 1024;

/**
 * The embedded provider's user-facing steps, at the URL oidc-provider redirects to (`interactions.url`):
 * the Dutch sign-in page (e-mail address, no password) and automatic consent.
 */
export async function registerInteractionRoutes(
  app: FastifyInstance,
  options: InteractionRoutesOptions,
): Promise<void> {
  await app.register(async (scope) => {
    const { provider, users, consoleUrl } = options;
    const base = `${providerMountPath}/interaction/:uid`;

    // Encapsulated: only these routes read HTML form posts.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: formBodyLimitBytes },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // People land here, not programs: every failure is a Dutch page, never JSON.
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const given = error instanceof ApiError ? error.status : error.statusCode;
      const status = given && given >= 400 && given < 500 ? given : 500;
      // Too many requests from this address: the limiter's own Dutch message says when to try again.
      if (status === 429) return sendPage(reply, 429, errorPage({ message: error.message, consoleUrl }));
      if (status === 500) request.log.error({ err: error }, 'sign-in interaction failed');
      else request.log.info({ err: error }, 'sign-in interaction refused');
      const code = status === 500 ? 'server_error' : 'invalid_request';
      return sendPage(reply, status, errorPage({ message: dutchErrorMessage(code), consoleUrl }));
    });

    const sendExpired = (reply: FastifyReply) =>
      sendPage(
        reply,
        400,
        errorPage({ message: dutchErrorMessage('invalid_request', 'SessionNotFound'), consoleUrl }),
      );

    /** The pending interaction behind the request's cookie, or undefined once it expired or was finished. */
    const findInteraction = async (
      request: InteractionRequest,
      reply: FastifyReply,
    ): Promise<Interaction | undefined> => {
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw);
        return interaction.uid === request.params.uid ? interaction : undefined;
      } catch (error) {
        if (error instanceof errors.SessionNotFound) return undefined;
        throw error;
      }
    };

    const listDemoUsers = async (request: FastifyRequest): Promise<DemoUser[]> => {
      try {
        return (await users.listDemoUsers?.()) ?? [];
      } catch (error) {
        request.log.warn({ err: error }, 'could not list demo users for the sign-in page');
        return [];
      }
    };

    const actionFor = (uid: string) => `${providerMountPath}/interaction/${encodeURIComponent(uid)}/login`;

    const limit = publicRateLimit({ max: app.config.identityRequestsPerMinute, timeWindow: '1 minute' });

    scope.get(base, limit, async (request: InteractionRequest, reply) => {
      const interaction = await findInteraction(request, reply);
      if (!interaction) return sendExpired(reply);
      switch (interaction.prompt.name) {
        case 'login':
          return sendPage(
            reply,
            200,
            signInPage({ action: actionFor(interaction.uid), demoUsers: await listDemoUsers(request) }),
          );
        case 'consent': {
          const result = await grantRequestedConsent(provider, interaction);
          const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
            mergeWithLastSubmission: true,
          });
          return reply.redirect(returnTo, 303);
        }
        default:
          throw new Error(`unsupported prompt ${interaction.prompt.name}`);
      }
    });

    scope.post(`${base}/login`, limit, async (request: InteractionRequest, reply) => {
      const interaction = await findInteraction(request, reply);
      if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply);
      const email = (request.body?.email ?? '').trim();
      const retry = async (problem: SignInProblem) =>
        sendPage(
          reply,
          400,
          signInPage({
            action: actionFor(interaction.uid),
            demoUsers: await listDemoUsers(request),
            email,
            problem,
          }),
        );
      if (!email) return retry('missingEmail');
      const account = await findKnownAccount(users, email);
      if (!account) return retry('unknownEmail');
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.email } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
  });
}

function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.status(status).headers(pageHeaders).send(page);
}
