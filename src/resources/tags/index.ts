import type { Tag } from '@contract/media';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * Tags of an entity (spec §3 Tag, §7): the entity kind and id travel in `meta`, e.g.
 * `useGetList('tags', { meta: { entity: 'file', entityId } })`. Adding a name the entity already has
 * (ignoring case) returns the existing tag.
 */
export const tags = defineResource<Tag>()({
  name: 'tags',
  label: { one: 'Tag', many: 'Tags' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/tags/{entity}/{entityId}' },
    create: { method: 'POST', path: '/tags/{entity}/{entityId}', query: { tagName: 'name' } },
    delete: { method: 'DELETE', path: '/tags/{entity}/{entityId}/{id}' },
  },
  fields: [{ source: 'name', label: 'media.details.tag_name', kind: 'text' }],
  views: {},
  invalidates: ['mediaFiles', 'mediaFolders'],
  broadcasts: ['refreshmedia'],
});
