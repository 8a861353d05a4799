import type { PublicationBlock } from '@contract/publications';
import { required } from 'react-admin';
import { BlockTypeInput } from '../../custom/publications/BlockTypeInput';
import { defineResource } from '../../declarative/resourceDeclaration';
import { answers } from '../../declarative/apiMapping';

/**
 * The blocks of one publication, in order (spec §7 add-block call; read, removal and reordering are
 * extensions, as are reading and saving one block's content). Every call needs `publicationId` among its values (filter or meta).
 */
export const publicationBlocks = defineResource<PublicationBlock>()({
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
      // Extension: the block as the server has it now (the editor reads it after a conflict).
      read: answers<PublicationBlock>({ method: 'GET', path: '/publications/{publicationId}/blocks/{id}' }),
      // Extension: the block's content, edited from `version`; 409 when someone else saved it meanwhile.
      saveContent: answers<PublicationBlock>({
        method: 'PUT',
        path: '/publications/{publicationId}/blocks/{id}',
        body: ['content', 'version'],
      }),
    },
  },
  fields: [
    { source: 'name', label: 'app.publications.blocks.fields.name', kind: 'text' },
    { source: 'blockType', label: 'app.publications.blocks.fields.blockType', kind: 'text' },
  ],
  views: {
    // Opened with `meta: {publicationId, publicationTypeId}`: one of the type's repeatable groups, at the end.
    create: {
      as: 'slideOver',
      slideOverType: 'addDynamicPublicationBlock',
      title: 'app.publications.blocks.add.title',
      description: 'app.publications.blocks.add.description',
      fields: [
        {
          source: 'blockType',
          label: 'app.publications.blocks.add.choose',
          kind: 'choice',
          choices: [],
          defaultValue: null,
          validate: required('app.publications.blocks.add.required'),
          input: BlockTypeInput,
        },
      ],
      transform: ({ blockType }) => ({ blockType }),
      submitLabel: 'app.publications.blocks.add.submit',
      successMessage: 'app.publications.blocks.added',
    },
  },
  // A block's change is the publication's: its page, preview and checks read again.
  invalidates: ['publications'],
  broadcasts: ['refreshpublication'],
});
