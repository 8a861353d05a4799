import type { FastifyRequest, RouteOptions } from 'fastify';
import { roleAllows, roleNeededMessage, type MemberRoleName } from '../contract/memberRoles';
import { operationAccess, operationKey, type OperationAccess } from '../contract/operationRoles';
import { forbidden } from '../errors';
import type { AuthenticatedUser } from './authenticatedUser';

/**
 * The least role of every route of the environment scope, looked up once per route from the contract's
 * table (contract/operationRoles.ts) as the route is added, so a request costs a map lookup.
 */
export class OperationRoles {
  private readonly byRoute = new Map<string, OperationAccess>();

  add(route: RouteOptions): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // A route the table does not know needs the highest role until it has its line (a test asks for it).
      const access = operationAccess(operationKey(method, route.url)) ?? 'administrator';
      this.byRoute.set(`${method} ${route.url}`, access);
    }
  }

  /** Refuses (403, naming the role needed) a member whose role is below what the request's operation needs. */
  check(request: FastifyRequest, member: AuthenticatedUser): void {
    const needed = this.neededRole(request);
    if (needed && !roleAllows(member.role, needed)) throw forbidden(roleNeededMessage(needed));
  }

  /** The role the request's operation needs; none for platform administration (its routes check that). */
  private neededRole(request: FastifyRequest): MemberRoleName | undefined {
    const access = this.byRoute.get(`${request.method} ${request.routeOptions.url}`) ?? 'administrator';
    if (access === 'platformAdmin') return undefined;
    return access === 'public' || access === 'signedIn' ? 'reader' : access;
  }
}
