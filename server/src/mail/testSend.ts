import type { TestSendBody, TestSendResult } from '../contract/mail';
import type { Database } from '../db/client';
import { ApiError, badRequest } from '../errors';
import { isEmailAddress } from '../http/inputText';
import { getPublication } from '../publications/publications';
import { renderPublicationPreview } from '../publications/publicationRendering';
import { fillMergeFields } from '../rendering/mergeFields';
import type { CdnLocation } from '../rendering/imageUrl';
import { environmentMailHeader } from './environmentHeader';
import type { MailTransport } from './mailTransport';

/** Put before the subject, so nobody takes a test for the real delivery. */
export const testSubjectPrefix = '[TEST] ';

/**
 * Sends the publication, rendered through one of its type's templates, to addresses typed in the console
 * (not necessarily subscribers): merge fields show their fallbacks, as in the preview, and the unsubscribe
 * link leads nowhere (a test recipient is on no list). Each address is sent on its own; one refusal does
 * not stop the others. When the mail server refused any, 502 names them (and those that did go out).
 */
export async function sendTest(
  db: Database,
  cdn: CdnLocation,
  mail: Pick<MailTransport, 'mailer' | 'from'>,
  environmentId: string,
  publicationId: string,
  body: TestSendBody,
): Promise<TestSendResult> {
  // Another environment's publication is not found, whatever the body holds.
  await getPublication(db, environmentId, publicationId);
  const addresses = distinctAddresses(body.addresses);
  const rendered = await renderPublicationPreview(db, cdn, environmentId, publicationId, body.templateId);
  const noUnsubscribe = { unsubscribeUrl: '#' };
  const html = fillMergeFields(rendered.html, noUnsubscribe, (value) => value);
  const text = fillMergeFields(rendered.text, noUnsubscribe, (value) => value);
  const results = await Promise.all(
    addresses.map(async (address) => {
      try {
        await mail.mailer.send({
          from: mail.from,
          to: address,
          subject: `${testSubjectPrefix}${rendered.subject}`,
          html,
          text,
          headers: { [environmentMailHeader]: environmentId },
        });
        return { address, sent: true };
      } catch (error) {
        return { address, sent: false, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const refused = results.filter((result) => !result.sent);
  if (refused.length > 0)
    throw notAllSent(
      refused,
      results.filter((result) => result.sent),
    );
  return { results };
}

function notAllSent(refused: TestSendResult['results'], sent: TestSendResult['results']): ApiError {
  const reasons = refused
    .map((result) => `${result.address} (${result.error ?? 'onbekende fout'})`)
    .join(', ');
  const alsoSent =
    sent.length > 0 ? ` Wel verstuurd naar: ${sent.map((result) => result.address).join(', ')}.` : '';
  return new ApiError(502, `De mailserver heeft de test niet aangenomen voor ${reasons}.${alsoSent}`);
}

/** Trimmed, checked addresses, each once (case-insensitive); a 400 naming `addresses` for the first bad one. */
function distinctAddresses(typed: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of typed) {
    const address = raw.trim();
    if (!isEmailAddress(address)) {
      throw badRequest(
        'addresses',
        address ? `'${address}' is geen geldig e-mailadres.` : 'Vul een e-mailadres in.',
      );
    }
    if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}
