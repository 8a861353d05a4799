import type { Person } from '../contract/privacy';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../errors';
import { normalisedAddress } from './addressHash';
import { erasePerson } from './erasePerson';
import { personalDataAddresses } from './personalDataAddress';
import { exportPerson, holdsAnything, type PersonExport } from './exportPerson';

// The person's page in the console: what the environment holds on one address, and erasing it after the
// address was typed again.

const nothingHeld = () => notFound('Over dit e-mailadres is niets bewaard; het');

/** The person's export, or 404 when the environment holds nothing on the address. */
export async function heldOnPerson(
  db: Database,
  environmentId: string,
  email: string,
): Promise<PersonExport> {
  const person = await exportPerson(db, environmentId, email);
  if (!holdsAnything(person)) throw nothingHeld();
  return person;
}

export async function readPerson(
  db: Database,
  environmentId: string,
  email: string,
  publicUrl: string,
): Promise<Person> {
  const person = await heldOnPerson(db, environmentId, email);
  const personalDataUrl = (await personalDataAddresses(db, publicUrl))(environmentId, person.email);
  return { id: person.email, ...person, personalDataUrl };
}

/** Erases the person after `confirmation` repeats the address (a Dutch 400 naming the field otherwise). */
export async function erasePersonConfirmed(
  db: Database,
  environmentId: string,
  email: string,
  confirmation: string,
  userId: string,
): Promise<void> {
  if (normalisedAddress(confirmation) !== normalisedAddress(email))
    throw badRequest('confirmation', 'Typ het e-mailadres precies over om het wissen te bevestigen.');
  await heldOnPerson(db, environmentId, email);
  await erasePerson(db, environmentId, email, { userId });
}
