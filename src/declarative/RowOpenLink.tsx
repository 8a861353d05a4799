import type { MouseEvent } from 'react';
import { LinkBase } from 'react-admin';
import type { CellWrapper } from './declaredColumn';
import { fillRoute } from './fillRoute';
import type { ResourceDeclaration } from './resourceDeclaration';
import { tableRowClasses } from './tableRowClasses';
import { tableViewOf } from './tableViewOf';
import { useOpenFormView } from './useOpenFormView';

// The row's own click handler opens it too: a click on the link must not open it twice.
const keepFromRow = (event: MouseEvent) => event.stopPropagation();

/**
 * The row's first cell as a real link (show page) or button (edit panel), so that a keyboard and a
 * screen reader can open every row the mouse can; `undefined` for tables whose rows open nothing.
 * Plain elements styled by the table (`tableRowClasses.open`), as every row draws one.
 */
export function useRowOpener(
  declaration: ResourceDeclaration,
  meta?: Record<string, unknown>,
): CellWrapper | undefined {
  const { rowClick = false } = tableViewOf(declaration);
  const openFormView = useOpenFormView(declaration);
  const showRoute = declaration.routes?.show;

  if (rowClick === 'edit') {
    return (record, content) => (
      <button
        type="button"
        className={tableRowClasses.open}
        onClick={(event) => {
          keepFromRow(event);
          openFormView('edit', record, meta);
        }}
      >
        {content}
      </button>
    );
  }
  if (rowClick === 'show' && showRoute) {
    // A child's page route names its parent too (/forms/:flowId/:id): the table's filter holds the parent's id.
    return (record, content) => (
      <LinkBase
        to={fillRoute(showRoute, { ...meta, id: record.id })}
        className={tableRowClasses.open}
        onClick={keepFromRow}
      >
        {content}
      </LinkBase>
    );
  }
  return undefined;
}
