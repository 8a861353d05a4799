import { and, asc, desc, eq } from 'drizzle-orm';
import type { SignUpFieldName } from '../contract/signUp';
import type { Database } from '../db/client';
import { consentTexts, lists, signUpFormLists, signUpForms } from '../db/schema';

// A sign-up form as its hosted page, its snippet and its mails use it: the form of this environment (never
// another's: an id of another environment is not found), its lists that are still open and public, and
// its consent text's current version.

export interface FormField {
  field: SignUpFieldName;
  required: boolean;
}

export interface LoadedSignUpForm {
  id: string;
  environmentId: string;
  name: string;
  fields: FormField[];
  lists: { id: string; title: string }[];
  consent: { id: string; version: number; text: string };
  confirmationSubject: string;
  confirmationText: string;
  confirmedText: string;
}

export async function loadSignUpForm(
  db: Database,
  environmentId: string,
  formId: string,
): Promise<LoadedSignUpForm | undefined> {
  const [[form], formLists, [consent]] = await Promise.all([
    db
      .select()
      .from(signUpForms)
      .where(
        and(
          eq(signUpForms.id, formId),
          eq(signUpForms.environmentId, environmentId),
          eq(signUpForms.isDeleted, false),
        ),
      ),
    db
      .select({ id: lists.id, title: lists.title })
      .from(signUpFormLists)
      .innerJoin(lists, eq(lists.id, signUpFormLists.listId))
      .where(
        and(
          eq(signUpFormLists.formId, formId),
          eq(lists.environmentId, environmentId),
          eq(lists.isDeleted, false),
          eq(lists.isPublic, true),
        ),
      )
      .orderBy(asc(signUpFormLists.position)),
    db
      .select({ id: consentTexts.id, version: consentTexts.version, text: consentTexts.text })
      .from(consentTexts)
      .where(and(eq(consentTexts.formId, formId), eq(consentTexts.environmentId, environmentId)))
      .orderBy(desc(consentTexts.version))
      .limit(1),
  ]);
  if (!form || !consent) return undefined;
  return {
    id: form.id,
    environmentId: form.environmentId,
    name: form.name,
    fields: form.fields as FormField[],
    lists: formLists,
    consent,
    confirmationSubject: form.confirmationSubject,
    confirmationText: form.confirmationText,
    confirmedText: form.confirmedText,
  };
}
