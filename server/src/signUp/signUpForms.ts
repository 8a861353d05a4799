import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SignUpForm, SignUpFormInput, SignUpFormPage, SignUpFormsQuery } from '../contract/signUp';
import type { Database } from '../db/client';
import { readPage } from '../db/paging';
import { consentTexts, lists, signUpFormLists, signUpForms } from '../db/schema';
import { containsText } from '../db/textSearch';
import { badRequest, notFound } from '../errors';
import { loadSignUpForm, type FormField } from './publicSignUpForm';
import { publicBase, signUpPath } from './signUpAddress';
import { signUpSnippet } from './snippet';

// The staff side of the sign-up forms ('Aanmeldformulieren'): read, create, change and delete (a mark).
// The form and its lists and consent text are written in one transaction; a changed consent text adds a
// version and never alters an earlier one (consent proofs point at the exact version).

const notFoundForm = () => notFound('Het aanmeldformulier');

/** The asked fields in the API's two arrays: asked (in order) and required. */
function fieldsOf(input: Pick<SignUpFormInput, 'askedFields' | 'requiredFields'>): FormField[] {
  const asked = [...new Set([...input.askedFields, ...input.requiredFields])];
  return asked.map((field) => ({ field, required: input.requiredFields.includes(field) }));
}

/** Every chosen list must be an open, public list of this environment. */
async function checkLists(db: Database, environmentId: string, listIds: readonly string[]) {
  const found = await db
    .select({ id: lists.id })
    .from(lists)
    .where(
      and(
        inArray(lists.id, [...listIds]),
        eq(lists.environmentId, environmentId),
        eq(lists.isDeleted, false),
        eq(lists.isPublic, true),
      ),
    );
  if (found.length !== listIds.length)
    throw badRequest(
      'listIds',
      "Lijsten: kies alleen openbare lijsten van deze omgeving (zet 'Openbaar' aan bij de lijst).",
    );
}

type Writer = Pick<Database, 'insert' | 'delete' | 'select' | 'update'>;

async function writeLists(tx: Writer, formId: string, listIds: readonly string[]) {
  await tx.delete(signUpFormLists).where(eq(signUpFormLists.formId, formId));
  await tx.insert(signUpFormLists).values(listIds.map((listId, position) => ({ formId, listId, position })));
}

export async function createSignUpForm(
  db: Database,
  environmentId: string,
  input: SignUpFormInput,
  publicUrl: string,
): Promise<SignUpForm> {
  await checkLists(db, environmentId, input.listIds);
  const id = await db.transaction(async (tx) => {
    const [form] = await tx
      .insert(signUpForms)
      .values({
        environmentId,
        name: input.name.trim(),
        fields: fieldsOf(input),
        confirmationSubject: input.confirmationSubject,
        confirmationText: input.confirmationText,
        confirmedText: input.confirmedText,
      })
      .returning({ id: signUpForms.id });
    await writeLists(tx, form.id, input.listIds);
    await tx
      .insert(consentTexts)
      .values({ environmentId, formId: form.id, version: 1, text: input.consentText });
    return form.id;
  });
  return findSignUpForm(db, environmentId, id, publicUrl);
}

export async function updateSignUpForm(
  db: Database,
  environmentId: string,
  formId: string,
  input: SignUpFormInput,
  publicUrl: string,
): Promise<SignUpForm> {
  // Another environment's form is not found, whatever lists the body names.
  await findSignUpForm(db, environmentId, formId, publicUrl);
  await checkLists(db, environmentId, input.listIds);
  await db.transaction(async (tx) => {
    // The form's row lock: two saves at once add one consent version each, never the same number twice.
    const [form] = await tx
      .update(signUpForms)
      .set({
        name: input.name.trim(),
        fields: fieldsOf(input),
        confirmationSubject: input.confirmationSubject,
        confirmationText: input.confirmationText,
        confirmedText: input.confirmedText,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(signUpForms.id, formId),
          eq(signUpForms.environmentId, environmentId),
          eq(signUpForms.isDeleted, false),
        ),
      )
      .returning({ id: signUpForms.id });
    if (!form) throw notFoundForm();
    await writeLists(tx, formId, input.listIds);
    const [current] = await tx
      .select({ version: consentTexts.version, text: consentTexts.text })
      .from(consentTexts)
      .where(eq(consentTexts.formId, formId))
      .orderBy(desc(consentTexts.version))
      .limit(1);
    if (current?.text !== input.consentText)
      await tx.insert(consentTexts).values({
        environmentId,
        formId,
        version: (current?.version ?? 0) + 1,
        text: input.consentText,
      });
  });
  return findSignUpForm(db, environmentId, formId, publicUrl);
}

export async function deleteSignUpForm(db: Database, environmentId: string, formId: string): Promise<void> {
  const marked = await db
    .update(signUpForms)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(
      and(
        eq(signUpForms.id, formId),
        eq(signUpForms.environmentId, environmentId),
        eq(signUpForms.isDeleted, false),
      ),
    )
    .returning({ id: signUpForms.id });
  if (marked.length === 0) throw notFoundForm();
}

export async function findSignUpForm(
  db: Database,
  environmentId: string,
  formId: string,
  publicUrl: string,
): Promise<SignUpForm> {
  const [form] = await db
    .select()
    .from(signUpForms)
    .where(
      and(
        eq(signUpForms.id, formId),
        eq(signUpForms.environmentId, environmentId),
        eq(signUpForms.isDeleted, false),
      ),
    );
  if (!form) throw notFoundForm();
  const [formLists, loaded] = await Promise.all([
    db
      .select({ listId: signUpFormLists.listId })
      .from(signUpFormLists)
      .where(eq(signUpFormLists.formId, formId))
      .orderBy(asc(signUpFormLists.position)),
    loadSignUpForm(db, environmentId, formId),
  ]);
  if (!loaded) throw notFoundForm();
  const fields = form.fields as FormField[];
  const hostedUrl = `${publicBase(publicUrl)}${signUpPath(environmentId, formId)}`;
  return {
    id: form.id,
    name: form.name,
    listIds: formLists.map((row) => row.listId),
    askedFields: fields.map((field) => field.field),
    requiredFields: fields.filter((field) => field.required).map((field) => field.field),
    consentText: loaded.consent.text,
    consentVersion: loaded.consent.version,
    confirmationSubject: form.confirmationSubject,
    confirmationText: form.confirmationText,
    confirmedText: form.confirmedText,
    isDeleted: form.isDeleted,
    hostedUrl,
    snippet: signUpSnippet({
      action: hostedUrl,
      lists: loaded.lists,
      fields: loaded.fields,
      consentText: loaded.consent.text,
    }),
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

/** One page of the environment's forms (not deleted), by name. */
export async function signUpFormPage(
  db: Database,
  environmentId: string,
  query: SignUpFormsQuery,
  publicUrl: string,
): Promise<SignUpFormPage> {
  const where = and(
    eq(signUpForms.environmentId, environmentId),
    eq(signUpForms.isDeleted, false),
    containsText(query.search, signUpForms.name),
  );
  const order = query.order === 'DESC' ? desc : asc;
  const { rows, total } = await readPage(
    db
      .select({ id: signUpForms.id })
      .from(signUpForms)
      .where(where)
      .orderBy(order(sql`lower(${signUpForms.name})`), order(signUpForms.id))
      .offset(query.offset ?? 0)
      .limit(query.limit ?? 250),
    db.select({ total: count() }).from(signUpForms).where(where),
  );
  // Forms are few (a handful per environment): each is read whole, as its detail is.
  const data = await Promise.all(rows.map((row) => findSignUpForm(db, environmentId, row.id, publicUrl)));
  return { data, total };
}
