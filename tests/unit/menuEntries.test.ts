import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import { describe, expect, it } from 'vitest';
import { menuEntries } from '../../src/declarative/menuEntries';
import type { PageDeclaration } from '../../src/declarative/pageDeclaration';
import type { ResourceDeclaration } from '../../src/declarative/resourceDeclaration';
import { pages, resources } from '../../src/resources';

const icon = ExtensionOutlinedIcon;

describe('the sidebar, derived from the declarations', () => {
  it('gives the spec’s entries in order, each linking to a declared page', () => {
    const entries = menuEntries(resources, pages);
    expect(entries.filter((entry) => !entry.pinned).map((entry) => [entry.label, entry.path])).toEqual([
      ['app.menu.publications', '/publications'],
      ['app.menu.receivers', '/recievers'],
      ['app.menu.media', '/media'],
      ['app.menu.forms', '/forms'],
      ['app.menu.journeys', '/journeys'],
      ['app.menu.jobs', '/jobs'],
      ['app.menu.approvals', '/approvals'],
    ]);
    expect(entries.filter((entry) => entry.pinned).map((entry) => [entry.path, entry.shownWhen])).toEqual([
      ['/mail', 'mailCatcher'],
      ['/platform/environments', 'platformAdmin'],
      ['/platform/log', 'platformAdmin'],
      ['/environments', 'severalEnvironments'],
      ['/settings', undefined],
      ['/members', undefined],
      ['/logboek', undefined],
    ]);
  });

  it('adds an entry for a new declaration with a menu, and for its pages', () => {
    const extra: ResourceDeclaration = {
      name: 'campaigns',
      label: { one: 'Campagne', many: 'Campagnes' },
      api: {},
      fields: [],
      views: {},
      routes: { list: '/campaigns/' },
      menu: { label: 'Campagnes', icon, order: 46 },
      pages: [{ path: '/campaigns/plan', view: 'show', menu: { label: 'Planning', icon, order: 47 } }],
    };
    const page: PageDeclaration = {
      path: '/help/*',
      component: () => null,
      menu: { label: 'Hulp', icon, order: 5, pinned: true },
    };
    const entries = menuEntries([...resources, extra], [...pages, page]);
    const paths = entries.filter((entry) => !entry.pinned).map((entry) => entry.path);
    expect(paths.slice(3)).toEqual([
      '/forms',
      '/journeys',
      '/campaigns',
      '/campaigns/plan',
      '/jobs',
      '/approvals',
    ]);
    expect(entries.find((entry) => entry.pinned)).toMatchObject({ label: 'Hulp', path: '/help' });
  });
});
