import type { PublicationBlock } from '@contract/publications';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';

const AddBlockSlideOver = lazyView(
  () => import('../../custom/publications/AddBlockSlideOver'),
  'AddBlockSlideOver',
);

/**
 * The blocks of one publication, in order (spec §7 add-block call; read, removal and reordering are
 * extensions). Every call needs `publicationId` among its values (filter or meta).
 */
export const publicationBlocks = defineResource<PublicationBlock>({
  name: 'publicationBlocks',
  label: { one: 'app.publications.blocks.one', many: 'app.publications.blocks.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/publications/{publicationId}/blocks' },
    create: {
      method: 'POST',
      path: '/publications/{publicationId}/type/{publicationTypeId}/{blockType}/dynamic',
    },
    delete: { method: 'DELETE', path: '/publications/{publicationId}/blocks/{id}' },
    actions: {
      reorder: { method: 'PUT', path: '/publications/{publicationId}/blocks/order', body: ['blockIds'] },
    },
  },
  fields: [
    { source: 'name', label: 'app.publications.blocks.fields.name', kind: 'text' },
    { source: 'blockType', label: 'app.publications.blocks.fields.blockType', kind: 'text' },
  ],
  views: {
    create: {
      as: 'slideOver',
      slideOverType: 'addDynamicPublicationBlock',
      title: 'app.publications.blocks.add.title',
      component: AddBlockSlideOver,
    },
  },
  refreshEvents: ['refreshpublication'],
});
