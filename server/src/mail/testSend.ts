import type { TestSendBody, TestSendResult } from '../contract/mail';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { testSends } from '../db/schema';
import { serverSecret } from '../delivery/serverSecret';
import { signTestUnsubscribeToken } from '../delivery/unsubscribeToken';
import { ApiError, badRequest, conflict } from '../errors';
import { isEmailAddress } from '../http/inputText';
import { getPublication } from '../publications/publications';
import { renderPublicationPreview } from '../publications/publicationRendering';
import { escapeHtml } from '../rendering/escapeHtml';
import { fillMergeFields } from '../rendering/mergeFields';
import type { CdnLocation } from '../rendering/imageUrl';
import { personalWebVersionUrl, publicWebVersionUrl } from '../publicPages/webVersionAddress';
import { signTestWebVersionToken, webVersionKey } from '../publicPages/webVersionToken';
import { testUnsubscribePath } from '../routes/unsubscribe';
import { preferenceUrl } from '../preferences/preferenceAddress';
import { preferenceKey, signAddressToken } from '../preferences/preferenceToken';
import { prepareMessageSender } from '../sending/messageSender';
import { environmentMailHeader } from './environmentHeader';
import { messageEnvelope } from './messageEnvelope';
import type { MailTransport } from './mailTransport';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

/** Put before the subject, so nobody takes a test for the real delivery. */
export const testSubjectPrefix = '[TEST] ';

/**
 * Sends the publication, rendered through one of its type's templates, to addresses typed in the console
 * (not necessarily subscribers): merge fields show their fallbacks, as in the preview. The unsubscribe link
 * works for the tester's own address (a test token, its page says it came from a test). The sender, its
 * signature and the refusal of an unverified sender are those of a real delivery. Each address is sent on its
 * own; one refusal does not stop the others. When the mail server refused any, 502 names them.
 */
export async function sendTest(
  db: Database,
  cdn: CdnLocation,
  mail: Pick<MailTransport, 'mailer' | 'from' | 'catcher'>,
  environmentId: string,
  publicationId: string,
  body: TestSendBody,
  unsubscribeKey: () => Promise<Buffer>,
  actor: LogActor,
): Promise<TestSendResult> {
  // Another environment's publication is not found, whatever the body holds.
  const publication = await getPublication(db, environmentId, publicationId);
  const addresses = distinctAddresses(body.addresses);
  const rendered = await renderPublicationPreview(
    db,
    cdn,
    environmentId,
    publicationId,
    body.templateId,
    'placeholder',
  );
  // A tester is no recipient: the browser link shows the public web version, or else the test's own
  // (through the same template, merge fields at their fallback).
  const page = { environmentId, publicationId: publication.id };
  const webVersionUrl = publication.isPublic
    ? publicWebVersionUrl(cdn.publicUrl, page)
    : personalWebVersionUrl(cdn.publicUrl, {
        ...page,
        token: signTestWebVersionToken(await webVersionKey(db), { ...page, templateId: body.templateId }),
      });
  const prepared = await prepareMessageSender(
    db,
    environmentId,
    publicationId,
    { mailFrom: mail.from, catcher: mail.catcher !== undefined },
    new Date(),
  );
  if ('refused' in prepared) throw conflict(prepared.refused);
  const { sender } = prepared;
  const key = await unsubscribeKey();
  const preferencesKey = await preferenceKey(db);
  const bounceKey = await serverSecret(db, 'bounce-address');
  const subject = `${testSubjectPrefix}${rendered.subject}`;
  const results = await Promise.all(
    addresses.map(async (address) => {
      const unsubscribeUrl = `${cdn.publicUrl}${testUnsubscribePath(signTestUnsubscribeToken(key, environmentId, address))}`;
      // The tester's own preference page: it works, as the unsubscribe link does.
      const preferencesUrl = preferenceUrl(
        cdn.publicUrl,
        environmentId,
        signAddressToken(preferencesKey, environmentId, address),
      );
      const values = { unsubscribeUrl, preferencesUrl, webVersionUrl };
      // The message's row, so its bounce address names it (mail/messageEnvelope.ts); gone if not sent.
      const [row] = await db
        .insert(testSends)
        .values({ environmentId, email: address, subject, sentAt: new Date() })
        .returning({ id: testSends.id });
      const envelope = messageEnvelope(
        bounceKey,
        { kind: 'test', id: row.id },
        sender.domain ?? new URL(cdn.publicUrl).hostname,
      );
      try {
        await mail.mailer.send({
          from: sender.from,
          replyTo: sender.replyTo,
          dkim: sender.dkim,
          envelopeFrom: envelope.envelopeFrom,
          to: address,
          subject,
          html: fillMergeFields(rendered.html, values, escapeHtml),
          text: fillMergeFields(rendered.text, values, (value) => value),
          headers: {
            'Message-ID': envelope.messageId,
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            [environmentMailHeader]: environmentId,
          },
        });
        return { address, sent: true };
      } catch (error) {
        await db.delete(testSends).where(eq(testSends.id, row.id));
        return { address, sent: false, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const refused = results.filter((result) => !result.sent);
  const sentCount = results.length - refused.length;
  // Mail cannot be taken back, so the entry follows the sends: how many went out, never to whom.
  if (sentCount > 0) {
    await recordInLog(db, {
      environmentId,
      actor,
      kind: 'testSend.sent',
      resource: { type: 'publication', id: publication.id, label: publication.name },
      rowCount: sentCount,
    });
  }
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
