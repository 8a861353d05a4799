import { useCreate, useDataProvider, useUpdate, type RaRecord } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import { isPlainObject } from '../dataProvider/recordAnswer';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { FormSave } from './viewDeclaration';

export interface SaveTarget {
  /** The record being edited; absent when creating. */
  record?: RaRecord;
  /** Call values besides the form's, e.g. `{listId}` for a subscriber. */
  meta?: Record<string, unknown>;
}

/**
 * Saves form values the way the form declares: react-admin's create or update (pessimistic, so a
 * failure leaves the form as it is) or a named action of the resource. Resolves to the saved record.
 */
export function useDeclaredSave(
  declaration: ResourceDeclaration,
  save: FormSave,
  { record, meta }: SaveTarget,
): (values: Record<string, unknown>) => Promise<RaRecord> {
  const [create] = useCreate();
  const [update] = useUpdate();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const resource = declaration.name;
  const options = { mutationMode: 'pessimistic', returnPromise: true } as const;

  return async (values) => {
    if (save === 'create') return create(resource, { data: values, meta }, options);
    if (save === 'update') {
      if (!record) throw new Error(`Updating '${resource}' needs the record`);
      return update(resource, { id: record.id, data: values, previousData: record, meta }, options);
    }
    const { data } = await dataProvider.action(resource, save.action, { id: record?.id, data: values, meta });
    // An action answers what it answers; the record as the form left it is what redirects need.
    return { ...record, ...values, ...(isPlainObject(data) ? data : {}) } as RaRecord;
  };
}
