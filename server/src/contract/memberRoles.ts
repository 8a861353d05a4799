import { type Static } from '@sinclair/typebox';
import { StringEnum } from './common';

/**
 * The roles of a member of an environment, least first: each role may do what the roles before it
 * may. A member without a role set is an administrator, so an environment that never sets roles works
 * as if roles did not exist.
 */
export const memberRoles = ['reader', 'editor', 'sender', 'administrator'] as const;
export type MemberRoleName = (typeof memberRoles)[number];

export const defaultMemberRole: MemberRoleName = 'administrator';

/** The Dutch name of each role, as the console and the API's refusals say it. */
export const memberRoleLabels: Record<MemberRoleName, string> = {
  reader: 'Lezer',
  editor: 'Redacteur',
  sender: 'Verzender',
  administrator: 'Beheerder',
};

export const MemberRole = StringEnum(memberRoles, {
  description:
    'reader (Lezer): sees everything, changes nothing; editor (Redacteur): content, receivers, forms, ' +
    'journeys as drafts, test sends; sender (Verzender): an editor who also delivers, plans and cancels ' +
    'jobs and publishes journeys; administrator (Beheerder): everything, settings and members included.',
});
export type MemberRole = Static<typeof MemberRole>;

/** Whether a member with `role` may do what needs at least `needed`. */
export function roleAllows(role: MemberRoleName, needed: MemberRoleName): boolean {
  return memberRoles.indexOf(role) >= memberRoles.indexOf(needed);
}

/** The roles that may do what needs at least `needed`, least first ('Verzender', 'Beheerder'). */
export function rolesAllowed(needed: MemberRoleName): MemberRoleName[] {
  return memberRoles.filter((role) => roleAllows(role, needed));
}

/** The API's refusal of a member whose role is too low: 'Hiervoor heb je de rol Verzender nodig.' */
export function roleNeededMessage(needed: MemberRoleName): string {
  return `Hiervoor heb je de rol ${memberRoleLabels[needed]} nodig.`;
}
