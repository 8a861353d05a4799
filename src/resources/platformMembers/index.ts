import type { AddMemberBody, PlatformMember } from '@contract/platform';
import { email, required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { memberRoleField } from '../members/roleField';

/** A member plus what 'Lid toevoegen' sends. */
type MemberRecord = PlatformMember & Pick<AddMemberBody, 'email'>;

/**
 * The members of one environment (extension: platform administration), on its page: add by e-mail
 * address with a role (someone unknown is invited; the first sign-in claims it), change a member's
 * role in the row's panel, and remove. The managed
 * environment's id travels as `managedEnvironmentId` in the table's filter.
 */
export const platformMembers = defineResource<MemberRecord>()({
  name: 'platformMembers',
  label: { one: 'app.platform.members.one', many: 'app.platform.members.many' },
  recordRepresentation: 'username',
  api: {
    getList: { method: 'GET', path: '/platform/environments/{managedEnvironmentId}/members' },
    create: {
      method: 'POST',
      path: '/platform/environments/{managedEnvironmentId}/members',
      body: ['email', 'role'],
    },
    update: {
      method: 'PUT',
      path: '/platform/environments/{managedEnvironmentId}/members/{id}',
      body: ['role'],
    },
    delete: { method: 'DELETE', path: '/platform/environments/{managedEnvironmentId}/members/{id}' },
  },
  fields: [
    { source: 'username', label: 'app.platform.members.fields.username', kind: 'text' },
    { source: 'name', label: 'app.platform.members.fields.name', kind: 'text' },
    { source: 'signedIn', label: 'app.platform.members.fields.signedIn', kind: 'boolean' },
    { ...memberRoleField, defaultValue: 'administrator' },
    {
      source: 'email',
      label: 'app.platform.members.fields.email',
      kind: 'email',
      validate: [required('app.platform.members.required_email'), email()],
    },
  ],
  views: {
    list: {
      title: 'app.platform.members.many',
      columns: [
        { source: 'username', sortable: false },
        { source: 'name', sortable: false },
        { source: 'role', sortable: false },
        { source: 'signedIn', sortable: false },
      ],
      rowClick: 'edit',
      search: false,
      delete: { confirmContent: 'app.platform.members.delete_confirm' },
      empty: 'app.platform.members.empty',
    },
    create: { as: 'slideOver', title: 'app.platform.members.create', fields: ['email', 'role'] },
    edit: {
      as: 'slideOver',
      slideOverType: 'platformMemberRole',
      title: 'app.members.edit',
      fields: ['role'],
      successMessage: 'app.members.saved',
    },
  },
  invalidates: ['platformEnvironments'],
});
