import type { AppConfig } from './config';
import { buildApp, type BuildOptions } from './app';
import { backgroundStartupLines } from './background/startupLines';
import { countEnvironments } from './environments/provisioning';

export interface RunningServer {
  /** The URL the server listens on (https://host:port). */
  url: string;
  /** The public URL the browser uses (differs behind a reverse proxy). */
  publicUrl: string;
  /** The self-signed certificate, for clients that trust it explicitly (tests). */
  certificatePem: string;
  /** True on a platform without environments (a fresh installation): nobody can work until one exists. */
  hasNoEnvironment: boolean;
  /** What the start-up output says about the background duties (background/startupLines.ts). */
  backgroundLines: string[];
  close(): Promise<void>;
}

/** Builds the app and listens over HTTPS. The caller decides about signals (see main.ts). */
export async function startServer(config: AppConfig, options: BuildOptions = {}): Promise<RunningServer> {
  const { app, tls } = await buildApp(config, options);
  try {
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `https://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    app.log.info({ url, publicUrl: config.publicUrl, certificate: tls.certPath }, 'server listening');
    if (app.mail.available) app.log.info({ mail: app.mail.description }, 'mail transport');
    else app.log.warn(app.mail.description);
    return {
      url,
      publicUrl: config.publicUrl,
      certificatePem: tls.cert,
      hasNoEnvironment: (await countEnvironments(app.db)) === 0,
      backgroundLines: backgroundStartupLines(app.background, config.bounces.host),
      close: () => app.close(),
    };
  } catch (error) {
    // Not started: nothing keeps the port, the database or the data directory's lock.
    await app.close().catch((closeError: unknown) => app.log.error({ err: closeError }, 'closing failed'));
    throw error;
  }
}
