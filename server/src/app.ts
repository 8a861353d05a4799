import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import './fastify-augmentation';
import type { AppConfig } from './config';
import { ApiErrorBody } from './contract/errors';
import { openDatabase } from './db/client';
import { lockDataDirectory } from './db/lock';
import { answerClientError, answerFrameworkError, installErrorHandling } from './errors';
import { serializeErrorWithoutQueryValues } from './http/errorLogSerializer';
import { refuseNonFiniteNumbers } from './http/finiteNumbers';
import { refuseUndeclaredContentTypes } from './http/declaredContentTypes';
import { registerTextRule } from './http/textRule';
import { registerCompression } from './http/compression';
import { registerRateLimiting } from './http/rateLimit';
import { OneLineRequestLog, requestLogValue } from './http/requestLog';
import { registerSecurityHeaders } from './http/securityHeaders';
import { sharedSchemaCompilers } from './http/schemaCompilers';
import { createIdentity, type IdentityOptions } from './identity';
import { providerMountPath } from './identity/embeddedClient';
import { assertEmbeddedIdentityAllowed } from './identity/embeddedGuard';
import { databaseStorage } from './identity/databaseStorage';
import { loadOrCreateSharedIdentityKeys } from './identity/keyStore';
import { openMailTransport } from './mail/mailTransport';
import { registerOpenApi } from './openapi';
import { registerConsole } from './routes/console';
import { environmentRoutes } from './routes/environment';
import { healthRoutes } from './routes/health';
import { environmentPrefix, environmentScope } from './routes/scope';
import { auditLogRoutes } from './routes/auditLog';
import { themeRoutes } from './routes/themes';
import { mediaRoutes } from './routes/media';
import { cdnRoutes } from './routes/cdn';
import { userRoutes } from './routes/users';
import { platformArea, platformRoutes } from './routes/platform';
import { memberRoutes } from './routes/members';
import { publicationRoutes } from './routes/publications';
import { publicationWebVersionRoutes } from './routes/publicationWebVersion';
import { receiverRoutes } from './routes/receivers';
import { formRoutes } from './routes/forms';
import { mailRoutes } from './routes/mail';
import { publicFormRoutes } from './routes/publicForms';
import { seedIfEmpty } from './seed';
import { sendingRoutes } from './routes/sending';
import { journeyRoutes } from './routes/journeys';
import { approvalRoutes } from './routes/approval';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { answerTrackingRequests } from './routes/tracking';
import { analyticsRoutes } from './routes/analytics';
import { publicArchiveRoutes } from './routes/publicArchive';
import { publicArchiveSettingRoutes } from './routes/publicArchiveSetting';
import { abTestRoutes } from './routes/abTests';
import { createTracking } from './analytics/tracking';
import { startBackgroundWork } from './background/backgroundWork';
import { openWorkingAreas } from './background/workingAreas';
import { ensureTlsCertificate, type TlsMaterial } from './tls';
import { createUserDirectory } from './users/userDirectory';
import { downloadTicketKeys } from './auth/downloadTicketKeys';
import { downloadRoutes } from './routes/downloads';
import { rsvpRoutes } from './routes/rsvp';
import { preferenceRoutes } from './routes/preferences';
import { personalDataRoutes } from './routes/personalData';
import { privacyRoutes } from './routes/privacy';
import { publicRsvpRoutes } from './routes/publicRsvp';
import { publicSignUpRoutes } from './routes/publicSignUp';
import { signUpFormRoutes } from './routes/signUpForms';

/**
 * Area route plugins under /api/1/:environmentId (auth + membership checked once in routes/scope.ts).
 * Add one line per area; paths inside a plugin are relative, e.g. `/themes`.
 */
const environmentAreas = [
  themeRoutes,
  mediaRoutes,
  publicationRoutes,
  receiverRoutes,
  formRoutes,
  mailRoutes,
  sendingRoutes,
  platformArea,
  memberRoutes,
  downloadRoutes,
  rsvpRoutes,
  analyticsRoutes,
  abTestRoutes,
  journeyRoutes,
  publicArchiveSettingRoutes,
  signUpFormRoutes,
  privacyRoutes,
  approvalRoutes,
  auditLogRoutes,
];

export interface BuildOptions {
  /** For tests: how the external provider is reached (fetch) and the clock of its retry back-off. */
  identity?: Pick<IdentityOptions, 'fetch' | 'now'>;
  /** For tests: the clock of download tickets (milliseconds), to see one expire without waiting. */
  downloadTicketClock?: () => number;
  /** For tests: the clock of the CDN's render budget (milliseconds), to see it refill without waiting. */
  cdnClock?: () => number;
  /** For tests: the clock of the sign-up pages (time tokens, expiry), to pass the 3-second minimum without waiting. */
  signUpClock?: () => Date;
}

export interface BuiltApp {
  app: FastifyInstance;
  tls: TlsMaterial;
}

/**
 * Builds the whole server without listening: takes the data-directory lock, ensures the TLS certificate,
 * opens and migrates the database (seeding an empty one), creates the identity provider and registers
 * every route. Closing the app releases all of it in reverse order.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  // Refuse a configuration that may not run before the lock, the certificate or the database are written.
  assertEmbeddedIdentityAllowed(config);
  // PGlite allows one process on its directory; on PostgreSQL any number of instances may run. The lock
  // names the address this server serves, so `npm run admin` can send people there.
  const lock = config.databaseUrl ? undefined : lockDataDirectory(config.dataDir, config.publicUrl);
  const cleanups: Array<() => Promise<void> | void> = [() => lock?.release()];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const tls = await ensureTlsCertificate(config.dataDir);
    const database = await openDatabase(config);
    cleanups.push(() => database.close());
    if (config.seedDemoData) await seedIfEmpty(database.db, config);
    const identity = await createIdentity(config, createUserDirectory(database.db), {
      ...options.identity,
      storage: databaseStorage(database.db),
      // On PostgreSQL several instances may run: they share the embedded provider's keys.
      ...(config.databaseUrl && {
        sharedKeys: () => loadOrCreateSharedIdentityKeys(database.db, config.dataDir),
      }),
    });
    cleanups.push(() => identity.close());
    const mail = await openMailTransport(config);
    cleanups.push(() => mail.close());
    // Closed after the background duties that work on its queue, before the mail transport and the database.
    const { delivery, journeys } = await openWorkingAreas(config, database);
    cleanups.push(() => delivery.close());
    // Closed before the database: the queued opens and clicks are written first.
    const tracking = createTracking(database.db, config.analytics);
    cleanups.push(() => tracking.close());
    // The server's share of the background duties (background/duties.ts); stopped first.
    const background = await startBackgroundWork(
      { config, database, mail, delivery, journeys },
      { role: 'server' },
    );
    cleanups.push(() => background.stop());

    // HTTP/2 lets the browser fetch the console's chunks over one connection instead of queueing behind
    // six (docs/performance.md); clients without it (Node's https, the tests) get HTTP/1.1 by ALPN.
    // Node's HTTP/2 compatibility API hands the routes (and the embedded provider's Koa app) request and
    // response objects shaped like HTTP/1's, so the instance keeps the HTTP/1 types.
    const app = (
      Fastify({
        http2: true,
        https: { key: tls.key, cert: tls.cert, allowHTTP1: true },
        // Errors are logged without the values of failed queries, requests without their query strings
        // (personal data); one line per request.
        logger: {
          level: config.logLevel,
          serializers: { err: serializeErrorWithoutQueryValues, req: requestLogValue },
        },
        logController: new OneLineRequestLog(),
        // The router's and Node's own refusals answer in the platform's Dutch shape too.
        frameworkErrors: answerFrameworkError,
        clientErrorHandler: answerClientError,
        trustProxy: config.trustProxy,
        // Registering the environment's routes compiles every area's schemas: about a second on a quiet
        // core, past Fastify's 10 s default on a host whose cores are busy (seen at load 15). A plugin
        // that truly hangs still stops the start.
        pluginTimeout: 120_000,
        // Each schema compiled once a process, however many apps it builds (http/schemaCompilers.ts).
        schemaController: { compilersFactory: sharedSchemaCompilers },
      }) as unknown as FastifyInstance
    ).withTypeProvider<TypeBoxTypeProvider>();
    // An idle HTTP/1.1 connection (a proxy's, deploy/nginx) stays open as long as an idle HTTP/2 session
    // (Fastify's 72 s), longer than the proxy keeps it (60 s). Fastify leaves Node's 5 s in place for an
    // HTTP/2 server: the proxy would reconnect (a TLS handshake) after every pause of 5 s, and could send a
    // request on a connection the instance is closing at that moment.
    app.server.keepAliveTimeout = 72_000;
    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('identity', identity);
    app.decorate('mail', mail);
    app.decorate('delivery', delivery);
    app.decorate('rsvpOutbox', { kick: () => background.running.get('rsvp-outbox')?.kick?.() });
    app.decorate('signUpOutbox', { kick: () => background.running.get('sign-up-outbox')?.kick?.() });
    app.decorate('background', background);
    app.decorate('tracking', tracking);
    app.decorate('journeys', journeys);
    app.decorate('downloadTickets', downloadTicketKeys(database.db, options.downloadTicketClock));
    app.decorate('cdnClock', options.cdnClock ?? Date.now);
    app.decorate('signUpClock', options.signUpClock ?? (() => new Date()));
    app.decorateRequest('environmentId', '');
    app.decorateRequest('user', null as never);
    app.decorateRequest('accessToken', null as never);
    app.addHook('onClose', cleanUp);

    installErrorHandling(app);
    registerSecurityHeaders(app, config);
    refuseNonFiniteNumbers(app);
    refuseUndeclaredContentTypes(app);
    registerTextRule(app, { exceptUnder: providerMountPath });
    const rateLimitRedis = await registerRateLimiting(app);
    // The open pixel and click redirect, answered before Fastify (routes/tracking.ts).
    answerTrackingRequests(app, { tracking, redis: rateLimitRedis?.redis });
    await registerCompression(app);
    app.addSchema(ApiErrorBody);
    await registerOpenApi(app);
    await app.register(healthRoutes);
    await app.register(environmentRoutes);
    await app.register(userRoutes);
    await app.register(platformRoutes);
    await app.register(environmentScope, { prefix: environmentPrefix, areas: environmentAreas });
    await app.register(cdnRoutes);
    await app.register(publicFormRoutes);
    await app.register(publicationWebVersionRoutes);
    await app.register(unsubscribeRoutes);
    await app.register(publicRsvpRoutes);
    await app.register(publicArchiveRoutes);
    await app.register(publicSignUpRoutes);
    await app.register(preferenceRoutes);
    await app.register(personalDataRoutes);
    await identity.register(app);
    await registerConsole(app, config);
    return { app, tls };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
