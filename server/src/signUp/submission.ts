import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { maxSignUpFormLists, signUpFieldLabels } from '../contract/signUp';
import type { Database } from '../db/client';
import { pendingSignUps, signUpMailOutbox, subscribers } from '../db/schema';
import { suppressionOf } from '../privacy/suppression';
import type { LoadedSignUpForm } from './publicSignUpForm';

// A sign-up as the hosted page or the snippet posts it: checked field by field (Dutch messages naming
// the field), then stored in one transaction with its one mail. An address that already receives every
// chosen list (on each, and not unsubscribed from everything) gets 'je bent al aangemeld' instead of a
// confirmation link; the visitor sees the same page either way, so the form tells nobody which addresses
// are subscribed.

/** How long a confirmation link works; the pending sign-up is removed after it (signUp/expiry.ts). */
export const pendingDays = 7;
/** Mails one address gets from one form within a day; more sign-ups are answered alike and send nothing. */
export const mailsPerAddressPerDay = 3;

const maxEmailLength = 254;
const maxFieldLength = 200;
const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** The honeypot's name: hidden from people, filled in by form-filling bots. */
export const honeypotField = 'website';
export const timeTokenField = 't';
export const listField = 'lijst';
export const consentField = 'toestemming';

export type PostedValues = Record<string, string | string[]>;

export interface SignUpProblem {
  field: string;
  message: string;
}

export interface CheckedSignUp {
  email: string;
  values: Record<string, string>;
  listIds: string[];
}

function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : (value ?? '')).trim();
}

function many(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function checkSignUp(
  form: LoadedSignUpForm,
  posted: PostedValues,
): { checked?: CheckedSignUp; problems: SignUpProblem[] } {
  const problems: SignUpProblem[] = [];
  const email = single(posted.email);
  if (email === '') problems.push({ field: 'email', message: 'Vul je e-mailadres in.' });
  else if (email.length > maxEmailLength || !emailPattern.test(email))
    problems.push({
      field: 'email',
      message: 'E-mailadres: vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
    });
  const values: Record<string, string> = {};
  for (const { field, required } of form.fields) {
    const value = single(posted[field]);
    const label = signUpFieldLabels[field];
    // Said to the person, as 'Vul je e-mailadres in.': 'Vul je voornaam in.'
    if (required && value === '') problems.push({ field, message: `Vul je ${label.toLowerCase()} in.` });
    else if (value.length > maxFieldLength)
      problems.push({ field, message: `${label}: gebruik ten hoogste ${maxFieldLength} tekens.` });
    else if (value !== '') values[field] = value;
  }
  const offered = new Set(form.lists.map((list) => list.id));
  const chosen = [...new Set(many(posted[listField]).map((id) => id.toLowerCase()))];
  const listIds = form.lists.length === 1 && chosen.length === 0 ? [form.lists[0].id] : chosen;
  if (listIds.length === 0 || listIds.length > maxSignUpFormLists || listIds.some((id) => !offered.has(id)))
    problems.push({ field: listField, message: 'Kies ten minste één nieuwsbrief.' });
  if (single(posted[consentField]) !== 'ja')
    problems.push({ field: consentField, message: 'Geef je toestemming om je aan te melden.' });
  return problems.length > 0 ? { problems } : { checked: { email, values, listIds }, problems };
}

export type StoredSignUp = 'confirmation-queued' | 'already-subscribed-queued' | 'nothing-sent';

/**
 * Stores the sign-up and queues its mail in one transaction: a pending sign-up with a confirmation mail,
 * or, when the address is in every chosen list already and not unsubscribed, only the 'al aangemeld'
 * mail. Beyond `mailsPerAddressPerDay` mails to the address from this form nothing is stored or sent.
 */
export async function storeSignUp(
  db: Database,
  form: LoadedSignUpForm,
  signUp: CheckedSignUp,
  context: { now: Date; ipHash: string | null },
): Promise<StoredSignUp> {
  const { now } = context;
  const lowerEmail = signUp.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [{ recent }] = await tx
      .select({ recent: sql<number>`count(*)::int` })
      .from(signUpMailOutbox)
      .where(
        and(
          eq(signUpMailOutbox.formId, form.id),
          sql`lower(${signUpMailOutbox.email}) = ${lowerEmail}`,
          gt(signUpMailOutbox.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
        ),
      );
    if (recent >= mailsPerAddressPerDay) return 'nothing-sent';
    const [{ subscribed }] = await tx
      .select({ subscribed: sql<number>`count(DISTINCT ${subscribers.listId})::int` })
      .from(subscribers)
      .where(
        and(inArray(subscribers.listId, signUp.listIds), sql`lower(${subscribers.email}) = ${lowerEmail}`),
      );
    const mail = { environmentId: form.environmentId, formId: form.id, email: signUp.email, createdAt: now };
    // On every list but unsubscribed from everything (or bouncing), the address receives nothing: it gets
    // the confirmation link, whose confirmation undoes that (confirmation.ts), not 'je bent al aangemeld'.
    const receivesAlready =
      subscribed === signUp.listIds.length &&
      (await suppressionOf(tx as unknown as Database, form.environmentId, signUp.email)) === undefined;
    if (receivesAlready) {
      await tx.insert(signUpMailOutbox).values({ ...mail, kind: 'al-aangemeld' });
      return 'already-subscribed-queued';
    }
    const [pending] = await tx
      .insert(pendingSignUps)
      .values({
        environmentId: form.environmentId,
        formId: form.id,
        consentTextId: form.consent.id,
        email: signUp.email,
        values: signUp.values,
        listIds: signUp.listIds,
        ipHash: context.ipHash,
        signedUpAt: now,
        expiresAt: new Date(now.getTime() + pendingDays * 24 * 60 * 60 * 1000),
      })
      .returning({ id: pendingSignUps.id });
    await tx.insert(signUpMailOutbox).values({ ...mail, kind: 'bevestigen', pendingSignUpId: pending.id });
    return 'confirmation-queued';
  });
}
