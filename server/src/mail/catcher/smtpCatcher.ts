import { environmentMailHeader } from '../environmentHeader';
import type { CatcherSettings } from '../mailSettings';
import type { MessageStore } from './messageStore';

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`: where the mailer sends. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Connections at once; the mailer's pool uses a few, a worker process a few more. */
const maxClients = 50;

/**
 * The embedded SMTP server for local use and tests: listens on 127.0.0.1 only, accepts every message (no
 * authentication, no TLS: nothing leaves the machine) and hands it to the store. A message larger than the
 * bound is refused with 552; a message the store cannot write with 451, so the sender tries again.
 */
export async function startSmtpCatcher(
  settings: Pick<CatcherSettings, 'port' | 'maxMessageBytes'>,
  store: MessageStore,
): Promise<SmtpCatcher> {
  // Loaded here: a server that sends through SMTP_URL never starts the catcher.
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: settings.maxMessageBytes,
    maxClients,
    logger: false,
    banner: 'Digitaal publicatie platform: embedded mail catcher, nothing is delivered',
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        // Past the bound the rest is only drained, not kept.
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(
            smtpError(552, `Message exceeds the catcher's limit of ${settings.maxMessageBytes} bytes`),
          );
        }
        const raw = Buffer.concat(chunks);
        store.save(raw, environmentOf(raw)).then(
          () => callback(),
          () => callback(smtpError(451, 'The catcher could not store the message, try again later')),
        );
      });
    },
  });
  server.on('error', () => {
    // A client's broken connection: smtp-server closes it; the catcher goes on.
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(settings.port, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The environment the message was sent for, from the header the platform sets (header block only). */
function environmentOf(raw: Buffer): string | undefined {
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const pattern = new RegExp(`^${environmentMailHeader}:[ \\t]*([0-9a-fA-F-]{36})[ \\t]*\\r?$`, 'im');
  return (end >= 0 ? head.slice(0, end) : head).match(pattern)?.[1];
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}
