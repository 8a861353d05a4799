import type { SunkMessage } from './smtpSink';

export interface Status {
  action: string;
  status: string;
  diagnostic?: string;
}

/** A bounce as Postfix writes it: a readable notice, the delivery-status part, the returned headers. */
export function postfixBounce(message: SunkMessage, { action, status, diagnostic }: Status): string {
  const boundary = '4ZqLkX0ST2z9tq.1764100000/mx.example.net';
  return [
    'Return-Path: <>',
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    `To: ${message.from}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;`,
    `\tboundary="${boundary}"`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net.',
    '',
    "I'm sorry to have to inform you that your message could not",
    'be delivered to one or more recipients.',
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'X-Postfix-Queue-ID: 4ZqLkX0ST2z9tq',
    `X-Postfix-Sender: rfc822; ${message.from}`,
    'Arrival-Date: Tue, 25 Nov 2026 21:00:00 +0100 (CET)',
    '',
    `Final-Recipient: rfc822; ${message.to}`,
    `Original-Recipient: rfc822;${message.to}`,
    `Action: ${action}`,
    `Status: ${status}`,
    'Remote-MTA: dns; mail.example.net',
    ...(diagnostic ? [`Diagnostic-Code: smtp; ${diagnostic}`, '    (in reply to RCPT TO command)'] : []),
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <${message.from}>`,
    `To: ${message.to}`,
    `Subject: ${message.headers.subject}`,
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
