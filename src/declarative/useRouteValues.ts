import { useParams, type Params } from 'react-router-dom';

/**
 * A page's route values besides its record's `:id` (a parent's `:flowId`): they go along as call values.
 * The catch-all route around the console adds `*` (the rest of the path), which is no value of the page.
 */
export function routeValuesOf({ id: _id, '*': _rest, ...values }: Params): Record<string, string | undefined> {
  return values;
}

export function useRouteValues(): Record<string, string | undefined> {
  return routeValuesOf(useParams());
}
