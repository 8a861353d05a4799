import { createPrivateKey } from 'node:crypto';
import type { Database } from '../db/client';
import type { DkimSigning } from '../mail/mailer';
import { decryptPrivateKey } from './keyEncryption';
import { dkimKeys } from '../db/schema';
import { eq } from 'drizzle-orm';
import { publishedKeys, signingKeyOf } from './dkimKeys';
import { domainRow } from './sendingDomain';
import { senderReadiness } from './senderReadiness';
import { fromLine, publicationSenderName, type SenderContext } from './senderSettings';
import { storedSender } from './storedSender';

/** Everything a job's messages share about their sender, prepared once per job. */
export interface MessageSender {
  from: string;
  replyTo?: string;
  /** The DKIM key, parsed once: signing a message then costs one RSA signature. */
  dkim?: DkimSigning;
  /** The sending domain: bounce addresses and Message-IDs are on it; undefined without one. */
  domain?: string;
}

/**
 * The sender of a job's (or a test send's) messages, or why it may not send. The private key is decrypted
 * and parsed here, once, and stays in memory only as a KeyObject.
 */
export async function prepareMessageSender(
  db: Database,
  environmentId: string,
  publicationId: string | undefined,
  context: Pick<SenderContext, 'mailFrom' | 'catcher'>,
  now: Date,
  /** An A/B test variant's sender name, instead of the publication's. */
  senderName?: string,
): Promise<{ refused: string } | { sender: MessageSender }> {
  const refused = await senderReadiness(db, environmentId, { catcher: context.catcher });
  if (refused) return { refused };
  const stored = await storedSender(db, environmentId);
  const override = senderName ?? (publicationId ? await publicationSenderName(db, publicationId) : null);
  const sender: MessageSender = {
    from: fromLine(stored, context.mailFrom, override),
    replyTo: stored.replyToAddress ?? undefined,
  };
  const domain = await domainRow(db, environmentId);
  if (!domain) return { sender };
  const key = signingKeyOf(await publishedKeys(db, domain.id, now));
  if (!key) return { sender: { ...sender, domain: domain.domain } };
  const [row] = await db
    .select({ encrypted: dkimKeys.encryptedPrivateKey })
    .from(dkimKeys)
    .where(eq(dkimKeys.id, key.id));
  const privateKey = createPrivateKey(await decryptPrivateKey(db, row.encrypted));
  return {
    sender: {
      ...sender,
      domain: domain.domain,
      dkim: { domainName: domain.domain, keySelector: key.selector, privateKey },
    },
  };
}
