import { useNavigate } from 'react-router-dom';
import { fillRoute } from './fillRoute';
import type { RaRecord } from 'react-admin';
import { requestSlideOver } from '../slideover/events';
import { formViewOf, slideOverTypeOf } from './formViews';
import type { ResourceDeclaration, ResourceRoutes } from './resourceDeclaration';

/**
 * Opens one of the resource's forms where it is declared: its slide-over (with the record and
 * meta as panel props) or its page route.
 */
export function useOpenFormView(declaration: ResourceDeclaration) {
  const navigate = useNavigate();
  return (name: string, record?: RaRecord, meta?: Record<string, unknown>) => {
    const view = formViewOf(declaration, name);
    if (view.as === 'slideOver') {
      requestSlideOver({ type: slideOverTypeOf(declaration, name, view), record, meta });
      return;
    }
    const route = declaration.routes?.[name as keyof ResourceRoutes];
    if (!route) throw new Error(`Resource '${declaration.name}' has a ${name} page but no routes.${name}`);
    navigate(fillRoute(route, { ...meta, id: record?.id }));
  };
}
