import type { PlatformMember } from '@contract/platform';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { defineResource } from '../../declarative/resourceDeclaration';
import { memberRoleField } from './roleField';

/**
 * The environment's own members and their roles (extension: roles, docs/administration/roles-approval-log.md):
 * every member sees who works here; a Beheerder changes a role in the row's panel (nobody their own).
 * Adding and removing members is platform administration (`platformMembers`).
 */
export const members = defineResource<PlatformMember>()({
  name: 'members',
  label: { one: 'app.members.one', many: 'app.members.many' },
  recordRepresentation: 'username',
  api: {
    getList: { method: 'GET', path: '/members' },
    update: { method: 'PUT', path: '/members/{id}', body: ['role'] },
  },
  fields: [
    { source: 'username', label: 'app.members.fields.username', kind: 'text' },
    { source: 'name', label: 'app.members.fields.name', kind: 'text' },
    memberRoleField,
  ],
  views: {
    list: {
      title: 'app.members.many',
      columns: [
        { source: 'username', sortable: false },
        { source: 'name', sortable: false },
        { source: 'role', sortable: false },
      ],
      phoneColumns: ['username', 'role'],
      search: false,
      rowClick: 'edit',
      empty: 'app.members.empty',
    },
    edit: {
      as: 'slideOver',
      slideOverType: 'memberRole',
      title: 'app.members.edit',
      description: 'app.members.edit_description',
      fields: ['role'],
      successMessage: 'app.members.saved',
    },
  },
  routes: { list: '/members/' },
  menu: { label: 'app.menu.members', icon: ManageAccountsOutlinedIcon, order: 41, pinned: true },
});
