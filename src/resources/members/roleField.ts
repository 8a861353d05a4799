import { memberRoleLabels, memberRoles } from '@contract/memberRoles';
import { required } from 'react-admin';
import type { FieldDeclaration } from '../../declarative/fieldDeclaration';

/** A member's role, named in Dutch as the contract names it; shared by the members pages of the environment and the platform. */
export const memberRoleField = {
  source: 'role',
  label: 'app.members.fields.role',
  kind: 'choice',
  display: 'radio',
  choices: memberRoles.map((role) => ({ id: role, name: memberRoleLabels[role] })),
  helperText: 'app.members.role_help',
  validate: required('app.members.required_role'),
} as const satisfies FieldDeclaration;
