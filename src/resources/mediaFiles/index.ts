import type { MediaFile } from '@contract/media';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * Files of the media library (spec §3 File): read, renamed (`PUT /file/{id}?newName=`), deleted and
 * downloaded (a link the browser follows: useActionDownload) from the File details panel. Uploads
 * stream outside the dataProvider (src/custom/media/useUploadQueue.ts).
 */
export const mediaFiles = defineResource<MediaFile>()({
  name: 'mediaFiles',
  label: { one: 'Bestand', many: 'Bestanden' },
  recordRepresentation: 'friendlyName',
  api: {
    getOne: { method: 'GET', path: '/file/{id}' },
    update: { method: 'PUT', path: '/file/{id}', query: { newName: 'name' } },
    delete: { method: 'DELETE', path: '/file/{id}' },
    actions: {
      download: { method: 'GET', path: '/file/{id}/download' },
      // Extension: where the file is used (the theme logo, blocks of drafts and sent publications).
      usage: { method: 'GET', path: '/file/{id}/usage' },
    },
  },
  fields: [
    { source: 'name', label: 'media.details.name', kind: 'text' },
    { source: 'originalName', label: 'media.details.original_name', kind: 'text' },
    { source: 'sizeInBytes', label: 'media.details.size', kind: 'number' },
  ],
  views: {},
  refreshEvents: ['refreshmedia'],
  invalidates: ['mediaFolders'],
});
