import type { WebFont } from '@contract/themes';
import { required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';
import { trimmed } from '../../declarative/trimmed';
import { stylesheetUrl } from './stylesheetUrl';

/**
 * A theme's web fonts (spec §3 Web font, §7 POST /themes/{themeId}/fonts; the list and delete are
 * extensions): the table under the typography settings, the 'Webfont toevoegen' panel (spec §2) and a
 * confirmed delete, which the server refuses while the typography uses the font.
 */
export const webFonts = defineResource<WebFont>()({
  name: 'webFonts',
  label: { one: 'app.settings.fonts.one', many: 'app.settings.fonts.many' },
  recordRepresentation: 'fontIdentifier',
  parent: { resource: 'themes', param: 'themeId' },
  api: {
    getList: { method: 'GET', path: '/themes/{themeId}/fonts' },
    create: { method: 'POST', path: '/themes/{themeId}/fonts', body: ['fontIdentifier', 'srcUrl'] },
    delete: { method: 'DELETE', path: '/themes/{themeId}/fonts/{id}' },
  },
  fields: [
    {
      source: 'fontIdentifier',
      label: 'app.settings.fonts.fields.fontIdentifier',
      kind: 'text',
      helperText: 'app.settings.fonts.fields.fontIdentifier_help',
      validate: required('app.settings.fonts.name_required'),
    },
    {
      source: 'srcUrl',
      label: 'app.settings.fonts.fields.srcUrl',
      kind: 'url',
      helperText: 'app.settings.fonts.fields.srcUrl_help',
      validate: [required('app.settings.fonts.url_required'), stylesheetUrl],
    },
    { source: 'createdAt', label: 'app.settings.fonts.fields.createdAt', kind: 'date' },
  ],
  views: {
    list: {
      title: 'app.settings.fonts.title',
      columns: [
        { source: 'fontIdentifier', sortable: false },
        { source: 'srcUrl', sortable: false },
      ],
      // The server lists a theme's fonts (at most 50) by name, whole.
      search: false,
      rowClick: false,
      delete: {
        confirmTitle: 'app.settings.fonts.delete_title',
        confirmContent: 'app.settings.fonts.delete_confirm',
        successMessage: 'app.settings.fonts.deleted',
      },
      empty: 'app.settings.fonts.empty',
    },
    create: {
      as: 'slideOver',
      slideOverType: 'addWebFont',
      title: 'app.settings.fonts.create',
      description: 'app.settings.fonts.create_intro',
      fields: ['fontIdentifier', 'srcUrl'],
      transform: ({ fontIdentifier, srcUrl }) => ({
        fontIdentifier: trimmed(fontIdentifier),
        srcUrl: trimmed(srcUrl),
      }),
      successMessage: 'app.settings.fonts.created',
    },
  },
  broadcasts: ['refreshwebfonts'],
});
