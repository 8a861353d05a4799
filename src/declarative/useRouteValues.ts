import { createContext, useContext } from 'react';
import { useParams, type Params } from 'react-router-dom';

/**
 * A page's route values besides its record's `:id` (a parent's `:flowId`): they go along as call values.
 * The catch-all route around the console adds `*` (the rest of the path), which is no value of the page.
 */
export function routeValuesOf({
  id: _id,
  '*': _rest,
  ...values
}: Params): Record<string, string | undefined> {
  return values;
}

/**
 * The call values of a detail view shown inside a page of one's own (an import's result under the
 * list's import page): what the route would have held, had the view been a page (`{ listId }`).
 */
export const EmbeddedValuesContext = createContext<Record<string, string | undefined>>({});

export function useRouteValues(): Record<string, string | undefined> {
  return { ...routeValuesOf(useParams()), ...useContext(EmbeddedValuesContext) };
}
