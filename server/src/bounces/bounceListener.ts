import type { Database } from '../db/client';
import type { BounceSettings } from './bounceSettings';
import { serverSecret } from '../delivery/serverSecret';
import { messageOfBounceAddress, type BouncedMessage } from '../sending/bounceAddress';
import { createConnectionLimiter } from './connectionLimiter';
import { readDeliveryReport } from './deliveryReport';
import { recordDeliveryReport } from './undeliverable';

export interface BounceListener {
  port: number;
  close(): Promise<void>;
}

/** Connections at once, messages per connection and recipients per message: bounds of one client's work. */
const maxClients = 20;
const messagesPerConnection = 20;
const recipientsPerMessage = 10;

interface Options {
  /** The clock of the rate limit and of the recorded bounces. */
  now?: () => number;
}

/**
 * Accepts mail only for the platform's bounce addresses (VERP, HMAC-signed: sending/bounceAddress.ts); every
 * other recipient, a forged one included, is refused at RCPT with 550, so no message is read for it. A
 * message is read up to the size bound; its delivery status notification or abuse report is recorded for
 * the message it is about (bounces/undeliverable.ts). Anything else sent to a bounce address (a reply, an
 * auto-responder) is accepted and dropped: refusing it would only make the sender's server bounce back.
 * Only a database failure answers 451, so the report comes again later; nothing here answers 5xx after DATA.
 */
export async function startBounceListener(
  db: Database,
  settings: BounceSettings & { port: number },
  options: Options = {},
): Promise<BounceListener> {
  const now = options.now ?? Date.now;
  const key = await serverSecret(db, 'bounce-address');
  const limiter = createConnectionLimiter(settings.connectionsPerMinute, now);
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: settings.maxMessageBytes,
    maxClients,
    maxRecipients: recipientsPerMessage,
    socketTimeout: 30_000,
    closeTimeout: 5_000,
    logger: false,
    banner: 'Digitaal publicatie platform: bounces and complaints only',
    onConnect(session, callback) {
      if (limiter.admit(session.remoteAddress)) return callback();
      callback(smtpError(421, 'Too many connections from your address, try again later'));
    },
    onMailFrom(_address, session, callback) {
      if (session.transaction > messagesPerConnection)
        return callback(smtpError(421, 'Too many messages on one connection, reconnect later'));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (messageOfBounceAddress(key, address.address) === undefined)
        return callback(smtpError(550, 'No such bounce address'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded)
          return callback(smtpError(552, `Message exceeds the limit of ${settings.maxMessageBytes} bytes`));
        const report = readDeliveryReport(Buffer.concat(chunks));
        if (report.kind === 'unknown' || report.kind === 'no failure') return callback();
        const messages = session.envelope.rcptTo
          .map((rcpt) => messageOfBounceAddress(key, rcpt.address))
          .filter((message): message is BouncedMessage => message !== undefined);
        const receivedAt = new Date(now());
        Promise.all(messages.map((message) => recordDeliveryReport(db, message, report, receivedAt))).then(
          () => callback(),
          () => callback(smtpError(451, 'The report could not be recorded, try again later')),
        );
      });
    },
  });
  server.on('error', () => {
    // A client's broken connection: smtp-server closes it; the listener goes on.
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : settings.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}
