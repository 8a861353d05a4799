import type { ActionParams } from '../dataProvider/declaredDataProvider';

/** The values of a declared read: what `dataProvider.action` takes, without the abort signal. */
export type DeclaredReadParams = Omit<ActionParams, 'signal'>;

/**
 * The query key of a named action's answer, built under its resource (react-query's key factory, as
 * react-admin's own `[resource, 'getList', params]`): one invalidation of `[resource]` after a write
 * refreshes every read of it, and `[resource, 'action', action]` every read of that action.
 */
export function declaredQueryKey(resource: string, action: string, params: DeclaredReadParams = {}) {
  return [resource, 'action', action, params] as const;
}

/** The key of every read of one named action, whatever its values. */
export function declaredActionKey(resource: string, action: string) {
  return [resource, 'action', action] as const;
}
