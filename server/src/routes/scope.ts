import type { FastifyPluginAsync, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { authenticate } from '../auth/bearer';
import { acceptDownloadTicket, downloadTicketOf } from '../auth/downloadTicketAccess';
import { DownloadRoutes } from '../auth/downloadRoutes';
import type { AuthenticatedUser } from '../auth/authenticatedUser';
import { findMember, memberOf, type MemberCheck } from '../auth/membership';
import { OperationRoles } from '../auth/operationRoleCheck';
import { forbidden } from '../errors';

/** The header every environment-scoped call carries; it must equal the path's environment id. */
export const environmentHeader = 'X-Environment-Id';

/** Prefix of every environment-scoped route: `/api/1/{environmentId}/…`. */
export const environmentPrefix = '/api/1/:environmentId';

export interface EnvironmentScopeOptions {
  /** Area route plugins (routes/<area>.ts); their paths are relative to the prefix, e.g. `/themes`. */
  areas: FastifyPluginAsync[];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Registers the area plugins under `/api/1/:environmentId` behind one access check:
 * a valid bearer token (else 401), the X-Environment-Id header equal to the path id and membership of
 * that environment (else 403), and a role at least the one the contract's table names for the operation
 * (auth/operationRoleCheck.ts; else 403 naming the role). Handlers then read `request.environmentId` and `request.user`.
 * The check runs onRequest, before the body is parsed, so unauthenticated uploads are refused early.
 * A GET route declared `x-download` also takes a download ticket instead (a link the browser follows,
 * which carries no headers; auth/downloadTicket.ts); such routes are listed in `app.downloadRoutes`.
 * A route declaring `config.membershipInRouteQuery` checks membership in its own first query instead
 * (routeMemberCheck).
 */
export const environmentScope: FastifyPluginAsync<EnvironmentScopeOptions> = async (app, { areas }) => {
  const downloadRoutes = new DownloadRoutes();
  const operationRoles = new OperationRoles();
  app.decorate('downloadRoutes', downloadRoutes);
  app.decorate('operationRoles', operationRoles);
  app.addHook('onRoute', (route) => {
    operationRoles.add(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.schema?.['x-download'] && methods.includes('GET')) downloadRoutes.add(route.url);
    if (route.config?.membershipInRouteQuery) checkedInRouteQuery(route, methods, operationRoles);
  });
  app.addHook('onRequest', async (request) => {
    const environmentId = (request.params as { environmentId?: string }).environmentId ?? '';
    const ticket = downloadTicketOf(request);
    if (ticket !== undefined) {
      request.user = await acceptDownloadTicket(request, ticket, environmentId.toLowerCase());
      operationRoles.check(request, request.user);
      request.environmentId = environmentId.toLowerCase();
      return;
    }
    const token = await authenticate(request);
    if (headerValue(request) !== environmentId) {
      throw forbidden(`De header 'X-Environment-Id' moet gelijk zijn aan de omgeving in het pad.`);
    }
    // An id that is no GUID cannot be an environment the user belongs to; skip the query.
    if (!uuidPattern.test(environmentId)) throw forbidden();
    const scoped = environmentId.toLowerCase();
    // The route's handler admits the member from its own first query (routeMemberCheck).
    if (!request.routeOptions.config.membershipInRouteQuery) {
      admit(request, operationRoles, await findMember(app.db, scoped, token));
    }
    request.environmentId = scoped;
    request.accessToken = token;
  });
  for (const area of areas) await app.register(area);
};

/** Admits `member` to the request (request.user), or refuses: 403 for none, 403 naming the role needed. */
function admit(
  request: FastifyRequest,
  operationRoles: OperationRoles,
  member: AuthenticatedUser | undefined,
): void {
  if (!member) throw forbidden();
  operationRoles.check(request, member);
  request.user = member;
}

/**
 * The membership check of a route declaring `membershipInRouteQuery`, for its first query
 * (auth/membership.ts, readAsMember): admits the member that query read as the scope's hook admits
 * everyone else's, findMember's path (claiming an invitation) for a user not known yet.
 */
export function routeMemberCheck(request: FastifyRequest): MemberCheck {
  const { db, operationRoles } = request.server;
  return {
    identity: request.accessToken.identity,
    admit: async (read) =>
      admit(
        request,
        operationRoles,
        read === undefined
          ? await findMember(db, request.environmentId, request.accessToken)
          : memberOf(read),
      ),
  };
}

/**
 * Makes a route that checks membership in its own query as safe as the others: a request that fails
 * validation is checked the scope's way before its 400 (a non-member gets the 403 every other route
 * gives), and an answer below 400 that nobody was admitted to becomes a 500. The route must admit before
 * it answers anything that depends on the record (a 404 before admitting would tell an outsider whether
 * it exists).
 */
function checkedInRouteQuery(route: RouteOptions, methods: string[], operationRoles: OperationRoles): void {
  // Only a read: the guard below changes the answer but could not undo a write made before admitting
  // anyone, and a download ticket's request carries no token for the route's query to read.
  if (methods.some((method) => method !== 'GET' && method !== 'HEAD') || route.schema?.['x-download'])
    throw new Error(`${route.url}: membershipInRouteQuery is for GET routes without x-download only`);
  const handler = route.handler;
  route.attachValidation = true;
  route.handler = async function (request, reply) {
    if (request.validationError) {
      admit(
        request,
        operationRoles,
        await findMember(request.server.db, request.environmentId, request.accessToken),
      );
      throw request.validationError;
    }
    return handler.call(this, request, reply);
  };
  const unadmitted: onSendHookHandler = async (request, reply, payload) => {
    if (request.user === null && reply.statusCode < 400) {
      throw new Error(`${route.url} answered ${reply.statusCode} without admitting a member`);
    }
    return payload;
  };
  route.onSend = [...[route.onSend ?? []].flat(), unadmitted];
}

function headerValue(request: FastifyRequest): string | undefined {
  const value = request.headers[environmentHeader.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
