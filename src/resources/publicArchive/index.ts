import type { PublicArchiveSetting } from '@contract/publicArchive';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';

/** The one record of the environment's 'Openbaar archief' (the API answers it without an id). */
export type PublicArchiveRecord = PublicArchiveSetting & { id: 'publicArchive' };

const asRecord = (answer: unknown): PublicArchiveRecord => ({
  ...(answer as PublicArchiveSetting),
  id: 'publicArchive',
});

const publicArchiveViews = () => import('../../custom/publicArchive');
const PublicArchiveLinks = lazyView(publicArchiveViews, 'PublicArchiveLinks');

/**
 * The environment's public archive (issue 40): whether its sent publications marked public are listed
 * on a public page with an Atom feed, and where those are. A page under /settings/ with a card on the
 * settings overview.
 */
export const publicArchive = defineResource<PublicArchiveRecord>()({
  name: 'publicArchive',
  label: { one: 'app.settings.archive.title', many: 'app.settings.archive.title' },
  singleton: true,
  api: {
    getOne: { method: 'GET', path: '/public-archive', response: asRecord },
    actions: {
      save: { method: 'PUT', path: '/public-archive', body: ['enabled'], response: asRecord },
    },
  },
  fields: [
    {
      source: 'enabled',
      label: 'app.settings.archive.fields.enabled',
      helperText: 'app.settings.archive.help.enabled',
      kind: 'boolean',
    },
  ],
  views: {
    forms: {
      publicArchive: {
        as: 'page',
        title: 'app.settings.archive.title',
        description: 'app.settings.archive.intro',
        back: { to: '/settings/', label: 'app.settings.back' },
        fields: ['enabled'],
        sections: [{ component: PublicArchiveLinks }],
        save: { action: 'save' },
        successMessage: 'app.settings.archive.saved',
      },
    },
  },
  pages: [{ path: '/settings/archive', form: 'publicArchive' }],
});
