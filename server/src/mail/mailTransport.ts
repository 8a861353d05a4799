import path from 'node:path';
import type { AppConfig } from '../config';
import { openMessageStore, type MessageStore } from './catcher/messageStore';
import { startSmtpCatcher } from './catcher/smtpCatcher';
import { createMailer, MailSendError, type Mailer } from './mailer';
import { redactUrl } from './mailSettings';

/** How the process sends mail, and the catcher's store when the embedded catcher receives it. */
export interface MailTransport {
  mailer: Mailer;
  /** MAIL_FROM. */
  from: string;
  /** False when nothing can be sent (production without SMTP_URL): every send then fails, temporarily. */
  available: boolean;
  /** Where mail goes, for the start-up log (an SMTP URL without its password, or why it goes nowhere). */
  description: string;
  /** The embedded catcher's messages; undefined when mail goes to a real SMTP server. */
  catcher?: MessageStore;
  close(): Promise<void>;
}

/** The catcher's folder in the data directory. */
export const catcherDirectoryName = 'mail-catcher';

/**
 * Opens the configured transport: a pooled mailer to SMTP_URL, or the embedded catcher (started here, on
 * 127.0.0.1) with a mailer pointed at it. A worker process calls this too: its own catcher writes into the
 * same folder, so the console reads what either process sent.
 */
export async function openMailTransport(config: Pick<AppConfig, 'mail' | 'dataDir'>): Promise<MailTransport> {
  const { transport, from, maxConnections } = config.mail;
  if (transport.kind === 'smtp') {
    const mailer = createMailer({ url: transport.url, maxConnections });
    return {
      mailer,
      from,
      available: true,
      description: redactUrl(transport.url),
      close: () => mailer.close(),
    };
  }
  if (transport.kind === 'none') {
    return {
      mailer: unavailableMailer(transport.reason),
      from,
      available: false,
      description: transport.reason,
      close: async () => {},
    };
  }
  const store = await openMessageStore({
    directory: path.join(config.dataDir, catcherDirectoryName),
    maxStoredMessages: transport.catcher.maxStoredMessages,
  });
  const catcher = await startSmtpCatcher(transport.catcher, store);
  const mailer = createMailer({ url: catcher.url, maxConnections });
  return {
    mailer,
    from,
    available: true,
    description: `embedded catcher at ${catcher.url}, messages in ${path.join(config.dataDir, catcherDirectoryName)}`,
    catcher: store,
    async close() {
      await mailer.close();
      await catcher.close();
    },
  };
}

/** Refuses every message with the reason; temporary, as configuring SMTP_URL and restarting lets it pass. */
function unavailableMailer(reason: string): Mailer {
  return {
    send: async () => {
      throw new MailSendError(reason, { temporary: true, code: 'ENOTRANSPORT' });
    },
    close: async () => {},
  };
}
