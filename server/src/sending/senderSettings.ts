import { eq } from 'drizzle-orm';
import type { SenderSettings, UpdateSenderBody } from '../contract/sending';
import type { Database } from '../db/client';
import { publications, senderSettings } from '../db/schema';
import { badRequest } from '../errors';
import { isEmailAddress } from '../http/inputText';
import { readSendingDomain } from './sendingDomain';
import { senderReadiness } from './senderReadiness';
import { storedSender, type StoredSender } from './storedSender';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

/** What reading the sender needs besides the database: the platform's fallback and where mail goes. */
export interface SenderContext {
  /** MAIL_FROM: the From of an environment without its own sender address. */
  mailFrom: string;
  /** The embedded development catcher receives the mail: it accepts any sender. */
  catcher: boolean;
  /** SPF_INCLUDE. */
  spfInclude: string | undefined;
}

/**
 * The From line: the environment's own name and address, the publication's sender name winning over the
 * environment's; without an own address MAIL_FROM, under the environment's (or publication's) name if set.
 */
export function fromLine(
  sender: StoredSender,
  mailFrom: string,
  publicationSenderName?: string | null,
): string {
  const name = publicationSenderName?.trim() || sender.senderName;
  const fallback = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  if (!sender.senderAddress) return name ? `${name} <${fallback}>` : mailFrom;
  return name ? `${name} <${sender.senderAddress}>` : sender.senderAddress;
}

export async function readSender(
  db: Database,
  environmentId: string,
  context: SenderContext,
  now: Date,
): Promise<SenderSettings> {
  const sender = await storedSender(db, environmentId);
  return {
    id: 'sender',
    ...sender,
    from: fromLine(sender, context.mailFrom),
    domain: await readSendingDomain(db, environmentId, context.spfInclude, now),
    readiness: await senderReadiness(db, environmentId, { catcher: context.catcher }),
    catcher: context.catcher,
  };
}

/** A value sent: trimmed, empty becomes null; a value not sent stays as it is. */
function given(value: string | null | undefined, current: string | null): string | null {
  if (value === undefined) return current;
  return value?.trim() || null;
}

/** Saves the sender (partial): addresses are checked, a 400 names the field. */
export async function updateSender(
  db: Database,
  environmentId: string,
  body: UpdateSenderBody,
  actor: LogActor,
): Promise<void> {
  const current = await storedSender(db, environmentId);
  const next: StoredSender = {
    senderName: given(body.senderName, current.senderName),
    senderAddress: given(body.senderAddress, current.senderAddress),
    replyToAddress: given(body.replyToAddress, current.replyToAddress),
  };
  for (const field of ['senderAddress', 'replyToAddress'] as const) {
    const address = next[field];
    if (address !== null && !isEmailAddress(address))
      throw badRequest(field, `'${address}' is geen geldig e-mailadres.`);
  }
  if (next.senderName !== null && /[<>"]/.test(next.senderName))
    throw badRequest('senderName', 'De afzendernaam mag geen <, > of " bevatten.');
  await db.transaction(async (tx) => {
    await tx
      .insert(senderSettings)
      .values({ environmentId, ...next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: senderSettings.environmentId, set: { ...next, updatedAt: new Date() } });
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'sender.changed',
      resource: { type: 'sender', label: next.senderName },
      detail: changedSenderFields(current, next),
    });
  });
}

const senderFieldNames: Record<keyof StoredSender, string> = {
  senderName: 'afzendernaam',
  senderAddress: 'afzenderadres',
  replyToAddress: 'antwoordadres',
};

/** Which of the sender's fields a save changed, in Dutch ('afzendernaam, antwoordadres'). */
function changedSenderFields(current: StoredSender, next: StoredSender): string {
  const changed = (Object.keys(senderFieldNames) as (keyof StoredSender)[]).filter(
    (field) => current[field] !== next[field],
  );
  return changed.length === 0
    ? 'niets gewijzigd'
    : changed.map((field) => senderFieldNames[field]).join(', ');
}

/** The sender name a publication sets for its own messages, or null. */
export async function publicationSenderName(db: Database, publicationId: string): Promise<string | null> {
  const [row] = await db
    .select({ senderName: publications.senderName })
    .from(publications)
    .where(eq(publications.id, publicationId));
  return row?.senderName ?? null;
}

/** The From line a publication's messages get now (the preview's inbox line shows it). */
export async function publicationFromLine(
  db: Database,
  environmentId: string,
  publicationId: string,
  mailFrom: string,
): Promise<string> {
  return fromLine(
    await storedSender(db, environmentId),
    mailFrom,
    await publicationSenderName(db, publicationId),
  );
}
