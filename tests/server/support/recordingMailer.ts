import type { Mailer, OutgoingMessage } from '../../../server/src/mail/mailer';

export type MailerBehaviour = (message: OutgoingMessage, attempt: number) => Promise<void> | void;

/** Records every accepted message; `behaviour` may throw (refuse) or never settle (a hung connection). */
export function recordingMailer(behaviour: MailerBehaviour = () => {}) {
  const accepted: OutgoingMessage[] = [];
  const attempts = new Map<string, number>();
  const mailer: Mailer = {
    async send(message) {
      const attempt = (attempts.get(message.to) ?? 0) + 1;
      attempts.set(message.to, attempt);
      await behaviour(message, attempt);
      accepted.push(message);
      return { messageId: message.headers?.['Message-ID'] ?? `<${accepted.length}@test>` };
    },
    close: async () => {},
  };
  return { mailer, accepted, attempts };
}
