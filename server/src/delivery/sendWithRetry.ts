import { MailSendError, type Mailer, type OutgoingMessage } from '../mail/mailer';
import type { Clock } from './clock';

export interface RetryPolicy {
  /** DELIVERY_MAX_ATTEMPTS: tries per message for temporary failures (4xx, lost connection). */
  maxAttempts: number;
  /** DELIVERY_RETRY_DELAY_MS: the wait before the second try; each later wait is five times longer. */
  firstDelayMs: number;
}

export type SendOutcome =
  | { sent: true; messageId: string; attempts: number }
  | {
      sent: false;
      error: string;
      temporary: boolean;
      undeliverable: boolean;
      /** The server answered 4xx to the last try: a soft bounce at sending (not a server out of reach). */
      softBounce: boolean;
      attempts: number;
    };

/**
 * Sends one message, trying again after a growing wait while the mail server says the failure is temporary;
 * a permanent refusal (5xx) is not tried again. The error text names the SMTP code when there was one;
 * `undeliverable` marks a permanent refusal of the address itself (5xx to RCPT TO).
 */
export async function sendWithRetry(
  mailer: Mailer,
  message: OutgoingMessage,
  policy: RetryPolicy,
  clock: Clock,
): Promise<SendOutcome> {
  let delay = policy.firstDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { messageId } = await mailer.send(message);
      return { sent: true, messageId, attempts: attempt };
    } catch (error) {
      const { responseCode, temporary } = error as { responseCode?: number; temporary?: boolean };
      // A hard bounce at sending: the address goes to the unsubscribers (recipientResults.ts).
      const undeliverable = error instanceof MailSendError && error.addressRefused;
      const text = error instanceof Error ? error.message : String(error);
      const described =
        responseCode && !text.includes(String(responseCode)) ? `${responseCode} ${text}` : text;
      if (temporary !== true || attempt >= policy.maxAttempts) {
        return {
          sent: false,
          error: described.slice(0, 1000),
          temporary: temporary === true,
          undeliverable,
          softBounce:
            temporary === true && responseCode !== undefined && responseCode >= 400 && responseCode < 500,
          attempts: attempt,
        };
      }
      await clock.sleep(delay);
      delay *= 5;
    }
  }
}
