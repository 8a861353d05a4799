import type { FileUsage, MediaFile } from '@contract/media';
import { defineResource } from '../../declarative/resourceDeclaration';
import { answers } from '../../declarative/apiMapping';

/**
 * Files of the media library (spec §3 File): read, renamed (`PUT /file/{id}?newName=`), deleted and
 * downloaded (a link the browser follows: useActionDownload) from the File details panel, and uploaded
 * into a folder (`dataProvider.upload('mediaFiles', 'upload', …)`, src/custom/media/useUploadQueue.ts).
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
      upload: { method: 'POST', path: '/directory/{directoryId}/file' },
      // Extension: where the file is used (the theme logo, blocks of drafts and sent publications).
      usage: answers<FileUsage>({ method: 'GET', path: '/file/{id}/usage' }),
    },
  },
  fields: [
    { source: 'name', label: 'media.details.name', kind: 'text' },
    { source: 'originalName', label: 'media.details.original_name', kind: 'text' },
    { source: 'sizeInBytes', label: 'media.details.size', kind: 'number' },
  ],
  views: {},
  invalidates: ['mediaFolders', 'tags'],
  broadcasts: ['refreshmedia'],
});
