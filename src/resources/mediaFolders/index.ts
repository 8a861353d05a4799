import type { MediaDirectory } from '@contract/media';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * Folders of the media library (spec §3 Directory). A folder is read by its path: `useGetOne` with
 * the path as id ('/' for the root, "/Foto's/Zomer" below it) calls `GET /media/{path}`; the record
 * that comes back carries the folder's GUID. New folders: `POST /directory?name=&parentDirectory=`.
 * Renames and deletes (extensions) take the GUID as id: `PUT /directory/{id}?newName=`,
 * `DELETE /directory/{id}` (the folder with everything in it).
 * The explorer itself is the custom page at /media/{path}.
 */
export const mediaFolders = defineResource<MediaDirectory>({
  name: 'mediaFolders',
  label: { one: 'Map', many: 'Mappen' },
  recordRepresentation: 'name',
  api: {
    getOne: { method: 'GET', path: '/media{id*}' },
    create: { method: 'POST', path: '/directory', query: ['name', 'parentDirectory'] },
    update: { method: 'PUT', path: '/directory/{id}', query: { newName: 'name' } },
    delete: { method: 'DELETE', path: '/directory/{id}' },
  },
  fields: [{ source: 'name', label: 'media.new_folder.name_label', kind: 'text' }],
  views: {
    list: { component: lazyView(() => import('../../custom/media/MediaExplorerPage'), 'MediaExplorerPage') },
  },
  routes: { list: '/media/*' },
  refreshEvents: ['refreshmedia'],
});
