import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import './fastify-augmentation';
import type { AppConfig } from './config';
import { ApiErrorBody } from './contract/errors';
import { openDatabase } from './db/client';
import { lockDataDirectory } from './db/lock';
import { installErrorHandling } from './errors';
import { registerRateLimiting } from './http/rateLimit';
import { createIdentity } from './identity';
import { databaseStorage } from './identity/databaseStorage';
import { registerOpenApi } from './openapi';
import { registerConsole } from './routes/console';
import { environmentRoutes } from './routes/environment';
import { healthRoutes } from './routes/health';
import { environmentPrefix, environmentScope } from './routes/scope';
import { themeRoutes } from './routes/themes';
import { mediaRoutes } from './routes/media';
import { cdnRoutes } from './routes/cdn';
import { userRoutes } from './routes/users';
import { publicationRoutes } from './routes/publications';
import { receiverRoutes } from './routes/receivers';
import { formRoutes } from './routes/forms';
import { publicFormRoutes } from './routes/publicForms';
import { seedIfEmpty } from './seed';
import { ensureTlsCertificate, type TlsMaterial } from './tls';
import { createUserDirectory } from './users/userDirectory';

/**
 * Area route plugins under /api/1/:environmentId (auth + membership checked once in routes/scope.ts).
 * Add one line per area; paths inside a plugin are relative, e.g. `/themes`.
 */
const environmentAreas = [themeRoutes, mediaRoutes, publicationRoutes, receiverRoutes, formRoutes];

export interface BuiltApp {
  app: FastifyInstance;
  tls: TlsMaterial;
}

/**
 * Builds the whole server without listening: takes the data-directory lock, ensures the TLS certificate,
 * opens and migrates the database (seeding an empty one), creates the identity provider and registers
 * every route. Closing the app releases all of it in reverse order.
 */
export async function buildApp(config: AppConfig): Promise<BuiltApp> {
  const lock = lockDataDirectory(config.dataDir);
  const cleanups: Array<() => Promise<void> | void> = [() => lock.release()];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const tls = await ensureTlsCertificate(config.dataDir);
    const database = await openDatabase(config);
    cleanups.push(() => database.close());
    if (config.seedDemoData) await seedIfEmpty(database.db, config);
    const identity = await createIdentity(config, createUserDirectory(database.db), {
      storage: databaseStorage(database.db),
    });
    cleanups.push(() => identity.close());

    const app = Fastify({
      https: { key: tls.key, cert: tls.cert },
      logger: { level: config.logLevel },
      trustProxy: config.trustProxy,
    }).withTypeProvider<TypeBoxTypeProvider>();
    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('identity', identity);
    app.decorateRequest('environmentId', '');
    app.decorateRequest('user', null as never);
    app.decorateRequest('accessToken', null as never);
    app.addHook('onClose', cleanUp);

    installErrorHandling(app);
    await registerRateLimiting(app);
    app.addSchema(ApiErrorBody);
    await registerOpenApi(app);
    await app.register(healthRoutes);
    await app.register(environmentRoutes);
    await app.register(userRoutes);
    await app.register(environmentScope, { prefix: environmentPrefix, areas: environmentAreas });
    await app.register(cdnRoutes);
    await app.register(publicFormRoutes);
    await identity.register(app);
    await registerConsole(app, config.staticDir);
    return { app, tls };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
