import type { AppConfig } from '../config';

/**
 * The embedded provider signs anyone in as any known user without a password: fine on a laptop, in tests
 * and demos, never by accident in production.
 */
export function assertEmbeddedIdentityAllowed(
  config: Pick<AppConfig, 'externalIdentity' | 'embeddedIdentityAllowed'>,
): void {
  if (!config.externalIdentity && !config.embeddedIdentityAllowed) {
    throw new Error(
      'Refusing to start the embedded identity provider with NODE_ENV=production: it signs users in without a password. ' +
        'Configure an external provider (IDENTITY_AUTHORITY, IDENTITY_CLIENT_ID, IDENTITY_AUDIENCE, API_SCOPE) ' +
        'or set EMBEDDED_IDENTITY=on to run it anyway (demo installations only).',
    );
  }
}
