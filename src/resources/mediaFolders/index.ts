import PermMediaOutlinedIcon from '@mui/icons-material/PermMediaOutlined';
import type { MediaDirectory } from '@contract/media';
import type { Validator } from 'react-admin';
import { FolderNameInput } from '../../custom/media/slideovers/FolderNameInput';
import type { FieldDeclaration } from '../../declarative/fieldDeclaration';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { trimmed } from '../../declarative/trimmed';

/** Spec §5: a folder needs a name; spaces alone are none. */
const requireName: Validator = (value) => (trimmed(value) === '' ? 'media.new_folder.required' : undefined);

/** The spec's field DirectoryName of New folder (and of Rename folder, built alike). */
const directoryName: FieldDeclaration = {
  source: 'DirectoryName',
  label: 'media.new_folder.name_label',
  kind: 'text',
  validate: requireName,
  input: FolderNameInput,
};

/**
 * Folders of the media library (spec §3 Directory). A folder is read by its path: `useGetOne` with
 * the path as id ('/' for the root, "/Foto's/Zomer" below it) calls `GET /media/{path}`; the record
 * that comes back carries the folder's GUID. New folders: `POST /directory?name=&parentDirectory=`.
 * Renames and deletes (extensions) take the GUID as id: `PUT /directory/{id}?newName=`,
 * `DELETE /directory/{id}` (the folder with everything in it).
 * The explorer itself is the custom page at /media/{path}.
 */
export const mediaFolders = defineResource<MediaDirectory>()({
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
    // New folder (spec §2), opened with `meta: {parentDirectory, folder}` (the folder's id and name).
    create: {
      as: 'slideOver',
      slideOverType: 'newFolder',
      title: 'media.new_folder.title',
      description: 'media.new_folder.intro',
      fields: [directoryName],
      transform: ({ DirectoryName }, { meta }) => ({
        name: trimmed(DirectoryName),
        parentDirectory: meta?.parentDirectory,
      }),
      submitLabel: 'media.new_folder.submit',
      successMessage: 'media.new_folder.created',
    },
    // Rename folder (extension), built like New folder; the explorer follows the new name (onSaved).
    edit: {
      as: 'slideOver',
      slideOverType: 'renameFolder',
      title: 'media.rename_folder.title',
      description: 'media.rename_folder.intro',
      fields: [directoryName],
      defaultValues: ({ record }) => ({ DirectoryName: record?.name }),
      transform: ({ DirectoryName }) => ({ name: trimmed(DirectoryName) }),
      successMessage: 'media.rename_folder.renamed',
    },
  },
  routes: { list: '/media/*' },
  menu: { label: 'app.menu.media', icon: PermMediaOutlinedIcon, order: 30 },
  invalidates: ['mediaFiles', 'tags'],
  broadcasts: ['refreshmedia'],
});
