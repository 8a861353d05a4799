import type { RaRecord } from 'react-admin';
import { isCustomView } from './formViews';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { TableView } from './viewDeclaration';

/** The resource's declared table; a resource without one (or with a custom list) has no DeclaredTable. */
export function tableViewOf(declaration: ResourceDeclaration): TableView<RaRecord> {
  const view = declaration.views.list;
  if (!view || isCustomView(view)) throw new Error(`Resource '${declaration.name}' declares no table`);
  return view;
}
