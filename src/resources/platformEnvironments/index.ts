import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { CreateEnvironmentBody, PlatformEnvironment } from '@contract/platform';
import { regex, required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { lazyView } from '../../declarative/lazyView';
import { answers } from '../../declarative/apiMapping';
import type { PlatformRole } from '@contract/platform';

const PlatformEnvironmentPage = lazyView(
  () => import('../../custom/platform/PlatformEnvironmentPage'),
  'PlatformEnvironmentPage',
);

/** A listed environment plus what the create form sends (extension: platform administration). */
type EnvironmentRecord = PlatformEnvironment & Pick<CreateEnvironmentBody, 'primaryColor'>;

/**
 * The platform's environments for platform administrators (extension, docs/deployment.md "First
 * start"): the table at /platform/environments, 'Nieuwe omgeving' with its theme colour, and the page of
 * one environment with its members. `me` tells the menu whether to show the entry.
 */
export const platformEnvironments = defineResource<EnvironmentRecord>()({
  name: 'platformEnvironments',
  label: { one: 'app.platform.environments.one', many: 'app.platform.environments.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/platform/environments' },
    create: { method: 'POST', path: '/platform/environments', body: ['name', 'primaryColor'] },
    actions: { me: answers<PlatformRole>({ method: 'GET', path: '/platform/me' }) },
  },
  fields: [
    {
      source: 'name',
      label: 'app.platform.environments.fields.name',
      kind: 'text',
      validate: required('app.platform.environments.required_name'),
    },
    {
      source: 'primaryColor',
      label: 'app.platform.environments.fields.primaryColor',
      kind: 'text',
      defaultValue: '#1f5fa8',
      validate: [
        required('app.platform.environments.invalid_color'),
        regex(/^#[0-9a-fA-F]{6}$/, 'app.platform.environments.invalid_color'),
      ],
    },
    { source: 'memberCount', label: 'app.platform.environments.fields.memberCount', kind: 'number' },
    { source: 'isDefault', label: 'app.platform.environments.fields.isDefault', kind: 'boolean' },
  ],
  views: {
    list: {
      title: 'app.platform.environments.title',
      columns: [
        { source: 'name', sortable: false },
        { source: 'memberCount', sortable: false },
        { source: 'isDefault', sortable: false },
      ],
      search: false,
      rowClick: 'show',
      empty: 'app.platform.environments.empty',
    },
    show: { component: PlatformEnvironmentPage },
    create: {
      as: 'slideOver',
      title: 'app.platform.environments.create',
      fields: ['name', 'primaryColor'],
    },
  },
  routes: { list: '/platform/environments', show: '/platform/environments/:id' },
  menu: {
    label: 'app.menu.platform',
    icon: AdminPanelSettingsOutlinedIcon,
    order: 20,
    pinned: true,
    shownWhen: 'platformAdmin',
  },
  invalidates: ['platformMembers'],
});
