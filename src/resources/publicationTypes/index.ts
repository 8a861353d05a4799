import type { PublicationType } from '@contract/publications';
import { defineResource } from '../../declarative/resourceDeclaration';

/**
 * Publication types (spec §3): read only, with their templates and repeatable groups. Used by the
 * new-publication picker, the deliver form's templates and the block radio.
 */
export const publicationTypes = defineResource<PublicationType>()({
  name: 'publicationTypes',
  label: { one: 'app.publications.types.one', many: 'app.publications.types.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/publicationtypes/' },
    getOne: { method: 'GET', path: '/publicationtypes/{id}' },
  },
  fields: [{ source: 'name', label: 'app.publications.fields.name', kind: 'text' }],
  views: {},
});
