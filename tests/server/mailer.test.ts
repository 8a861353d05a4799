import { afterEach, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer, MailSendError, type Mailer } from '../../server/src/mail/mailer';

// The mailer against real SMTP conversations: a server that accepts, one that defers (451), one that
// refuses (550), and no server at all.

interface ScriptedServer {
  url: string;
  received: string[];
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 that answers RCPT TO with `rcptReply` (a code) or accepts and keeps the data. */
async function scriptedServer(rcptReply?: number): Promise<ScriptedServer> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (rcptReply === undefined) return callback();
      const error = Object.assign(new Error(rcptReply >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
        responseCode: rcptReply,
      });
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const message = {
  from: 'Nieuwsbrief <nieuwsbrief@example.org>',
  to: 'lezer@example.org',
  subject: 'Nieuws van deze week',
  html: '<p>Hallo <b>lezer</b></p>',
  text: 'Hallo lezer',
  headers: { 'X-Custom-Header': 'waarde' },
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function mailerTo(url: string): Promise<Mailer> {
  const mailer = createMailer({ url, maxConnections: 2 });
  cleanups.push(() => mailer.close());
  return mailer;
}

async function server(rcptReply?: number): Promise<ScriptedServer> {
  const scripted = await scriptedServer(rcptReply);
  cleanups.push(() => scripted.close());
  return scripted;
}

async function sendError(mailer: Mailer): Promise<MailSendError> {
  const error = await mailer.send(message).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(MailSendError);
  return error as MailSendError;
}

describe('mailer', () => {
  it('delivers html, text, subject and headers, and returns the Message-ID', async () => {
    const smtp = await server();
    const mailer = await mailerTo(smtp.url);
    const { messageId } = await mailer.send(message);
    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0];
    expect(raw).toContain(`Message-ID: ${messageId}`);
    expect(raw).toContain('Subject: Nieuws van deze week');
    expect(raw).toContain('X-Custom-Header: waarde');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
  });

  it('writes MIME that a mail reader decodes to the same texts, non-ASCII names and subject included', async () => {
    const smtp = await server();
    const mailer = await mailerTo(smtp.url);
    const subject = `Één nieuwsbrief — café “De Ruyter” ${'ü'.repeat(40)}`;
    const html = `<p>Hé ${'lange regel '.repeat(200)}</p>\n<a href="https://x.nl/u/abc">afmelden</a>`;
    const text = `Hé Anne,\n.\nEen regel met alleen een punt hierboven. ${'€'.repeat(100)}`;
    await mailer.send({
      ...message,
      from: 'Gemeente Zuiderveen – Redactie <redactie@example.org>',
      subject,
      html,
      text,
      headers: { 'Message-ID': '<job.42@example.org>', 'List-Unsubscribe': '<https://x.nl/u/abc>' },
    });
    const parsed = await simpleParser(smtp.received[0]);
    expect(parsed.subject).toBe(subject);
    expect(parsed.from?.value[0]).toEqual({
      name: 'Gemeente Zuiderveen – Redactie',
      address: 'redactie@example.org',
    });
    expect(parsed.messageId).toBe('<job.42@example.org>');
    expect(smtp.received[0]).toContain('\r\nList-Unsubscribe: <https://x.nl/u/abc>\r\n');
    expect(parsed.html).toBe(html);
    expect(parsed.text).toBe(text);
  });

  it('reuses its pooled connections for many messages', async () => {
    const smtp = await server();
    const mailer = await mailerTo(smtp.url);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => mailer.send({ ...message, to: `l${index}@example.org` })),
    );
    expect(smtp.received).toHaveLength(20);
  });

  it('calls a 451 reply temporary, with its code', async () => {
    const smtp = await server(451);
    const error = await sendError(await mailerTo(smtp.url));
    expect(error).toMatchObject({ responseCode: 451, temporary: true });
  });

  it('calls a 550 reply permanent, with its code', async () => {
    const smtp = await server(550);
    const error = await sendError(await mailerTo(smtp.url));
    expect(error).toMatchObject({ responseCode: 550, temporary: false });
  });

  it('calls a refused connection temporary, without a code', async () => {
    const smtp = await server();
    const url = smtp.url;
    await smtp.close();
    cleanups.pop();
    const error = await sendError(await mailerTo(url));
    expect(error.responseCode).toBeUndefined();
    expect(error.temporary).toBe(true);
  });
});
