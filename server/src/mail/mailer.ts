import type { KeyObject } from 'node:crypto';
import nodemailer from 'nodemailer';
import { mimeMessage } from './mimeMessage';

/** Where and how the mailer sends: an SMTP URL (`smtp://user:pass@host:587`, `smtps://…`) and the pool size. */
export interface MailerConfig {
  /** SMTP_URL, or the embedded catcher's `smtp://127.0.0.1:<port>`. Query options are nodemailer's (e.g. `?requireTLS=true`). */
  url: string;
  /** Connections the pool keeps open at most (nodemailer `maxConnections`); default 5. */
  maxConnections?: number;
}

/** One message as the platform composes it; the mailer adds nothing but a Message-ID and a Date (mimeMessage.ts). */
export interface OutgoingMessage {
  from: string;
  /** The recipient's address; with `toName` the To header reads 'Name <address>'. */
  to: string;
  toName?: string;
  replyTo?: string;
  /** The envelope sender (Return-Path), e.g. a per-message bounce address; the From address otherwise. */
  envelopeFrom?: string;
  /** Signs the message with DKIM (RFC 6376) under this key. */
  dkim?: DkimSigning;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe` or the environment header the catcher files messages under. */
  headers?: Record<string, string>;
  /** Files attached after the body (e.g. an invitation's calendar entry); the body becomes multipart/mixed. */
  attachments?: MessageAttachment[];
}

export interface MessageAttachment {
  filename: string;
  /** E.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  content: string;
}

/** A DKIM key prepared once per job: the private key already parsed, so a message costs one signature. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: KeyObject;
}

/**
 * The headers the DKIM signature covers (those present): the sender, recipient, subject, date and id, the
 * body's type, and the unsubscribe headers RFC 8058 §4 asks to be signed. mimeMessage.ts signs.
 */
export const dkimSignedHeaders =
  'From:Reply-To:To:Subject:Date:Message-ID:MIME-Version:Content-Type:List-Unsubscribe:List-Unsubscribe-Post';

export interface Mailer {
  /** Hands the message to the SMTP server; throws a {@link MailSendError} when it is not accepted. */
  send(message: OutgoingMessage): Promise<{ messageId: string }>;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

/**
 * A message the SMTP server did not accept. `temporary` tells a sender whether trying again later can help:
 * 4xx replies and lost connections are temporary, 5xx replies permanent (503 'bad sequence' excepted, as
 * RFC 5321 and nodemailer treat it: the session, not the message, was wrong).
 */
export class MailSendError extends Error {
  /** The SMTP reply code when the server answered, e.g. 451 or 550. */
  readonly responseCode?: number;
  readonly temporary: boolean;
  /** nodemailer's error code (ECONNECTION, EENVELOPE, …), for logs. */
  readonly code?: string;
  /** The SMTP command the server refused (e.g. 'RCPT TO'), when nodemailer names it. */
  readonly command?: string;

  constructor(
    message: string,
    options: { responseCode?: number; temporary: boolean; code?: string; command?: string; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'MailSendError';
    this.responseCode = options.responseCode;
    this.temporary = options.temporary;
    this.code = options.code;
    this.command = options.command;
  }

  /**
   * The server refused the address itself for good (5xx to RCPT TO, e.g. '550 5.1.1 User unknown'): a hard
   * bounce at sending. A 5xx to MAIL FROM or DATA (the sender, the content) says nothing about the address.
   */
  get addressRefused(): boolean {
    return !this.temporary && this.command === 'RCPT TO' && (this.responseCode ?? 0) >= 500;
  }
}

const defaultMaxConnections = 5;

/**
 * Errors without an SMTP reply that concern the message itself (an address nodemailer cannot use, too many
 * recipients): sending the same message again fails the same way. Every other error without a reply (refused
 * or dropped connection, timeout, DNS, TLS, authentication) is about the server and may pass later.
 */
const permanentWithoutReply = new Set([
  'EENVELOPE',
  'EMESSAGE',
  'EMAXRECIPIENTS',
  'EFILEACCESS',
  'EURLACCESS',
]);

/** A pooled nodemailer SMTP transport behind the platform's small send interface. */
export function createMailer(config: MailerConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.url,
    pool: true,
    maxConnections: config.maxConnections ?? defaultMaxConnections,
    // A connection stays open for the whole job instead of being recycled every 100 messages.
    maxMessages: Infinity,
  });
  return {
    async send(message) {
      try {
        const mime = mimeMessage(message);
        // Already DKIM-signed when the message has a key (mimeMessage.ts, dkimSignature.ts).
        await transport.sendMail({ envelope: mime.envelope, raw: mime.source });
        return { messageId: mime.messageId };
      } catch (error) {
        throw toMailSendError(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** Classifies a nodemailer error as temporary or permanent (see {@link MailSendError}). */
export function toMailSendError(error: unknown): MailSendError {
  const details = (error ?? {}) as {
    responseCode?: unknown;
    code?: unknown;
    command?: unknown;
    message?: unknown;
  };
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  const code = typeof details.code === 'string' ? details.code : undefined;
  const message = typeof details.message === 'string' ? details.message : String(error);
  const temporary =
    responseCode !== undefined
      ? !(responseCode >= 500 && responseCode < 600 && responseCode !== 503)
      : !permanentWithoutReply.has(code ?? '');
  const command = typeof details.command === 'string' ? details.command : undefined;
  return new MailSendError(message, { responseCode, temporary, code, command, cause: error });
}
