import type { RaRecord, RowClickFunction } from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';
import { fillRoute } from './fillRoute';
import { tableViewOf } from './tableViewOf';
import { useOpenFormView } from './useOpenFormView';

/** A row click opens the edit view (slide-over or page) or goes to the show page, as declared. */
export function useRowClick(
  declaration: ResourceDeclaration,
  meta?: Record<string, unknown>,
): RowClickFunction | false {
  const { rowClick = false } = tableViewOf(declaration);
  const openFormView = useOpenFormView(declaration);
  const showRoute = declaration.routes?.show;

  if (rowClick === 'edit') {
    return (_id, _resource, record: RaRecord) => {
      openFormView('edit', record, meta);
      return false;
    };
  }
  // A child's page route names its parent too (/forms/:flowId/:id): the table's filter holds the parent's id.
  if (rowClick === 'show' && showRoute) return (id) => fillRoute(showRoute, { ...meta, id });
  return false;
}
