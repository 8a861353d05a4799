import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/bearer';
import { acceptDownloadTicket, downloadTicketOf } from '../auth/downloadTicketAccess';
import { DownloadRoutes } from '../auth/downloadRoutes';
import { findMember } from '../auth/membership';
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
 */
export const environmentScope: FastifyPluginAsync<EnvironmentScopeOptions> = async (app, { areas }) => {
  const downloadRoutes = new DownloadRoutes();
  const operationRoles = new OperationRoles();
  app.decorate('downloadRoutes', downloadRoutes);
  app.addHook('onRoute', (route) => {
    operationRoles.add(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.schema?.['x-download'] && methods.includes('GET')) downloadRoutes.add(route.url);
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
    const member = uuidPattern.test(environmentId)
      ? await findMember(app.db, environmentId.toLowerCase(), token)
      : undefined;
    if (!member) throw forbidden();
    operationRoles.check(request, member);
    request.environmentId = environmentId.toLowerCase();
    request.user = member;
    request.accessToken = token;
  });
  for (const area of areas) await app.register(area);
};

function headerValue(request: FastifyRequest): string | undefined {
  const value = request.headers[environmentHeader.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
