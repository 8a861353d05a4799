import type { FastifyRequest } from 'fastify';
import type { PlatformAdminSettings } from '../config';
import { forbidden } from '../errors';
import type { TokenUser } from '../identity';
import { authenticate } from './bearer';

/**
 * A platform administrator creates environments and manages their members. The operator names them:
 * PLATFORM_ADMINS (object ids or e-mail addresses) and/or PLATFORM_ADMIN_ROLE (an app role in `roles`).
 */
export function isPlatformAdmin(settings: PlatformAdminSettings, token: TokenUser): boolean {
  if (settings.role !== undefined && token.roles.includes(settings.role)) return true;
  const names = [token.objectId, token.username, token.email].filter((name) => name !== undefined);
  return names.some((name) => settings.users.includes(name));
}

/** onRequest hook of the platform administration routes: a valid token (401) of an administrator (403). */
export async function requirePlatformAdmin(request: FastifyRequest): Promise<void> {
  // Inside the environment scope the token was verified already.
  const token = request.accessToken ?? (await authenticate(request));
  if (!isPlatformAdmin(request.server.config.platformAdmins, token)) {
    throw forbidden('Alleen beheerders van het platform kunnen omgevingen en leden beheren.');
  }
  request.accessToken = token;
}
