import Link from '@mui/material/Link';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { LinkBase, useRecordContext, type RaRecord } from 'react-admin';
import type { CellWrapper } from './declaredColumn';
import { fillRoute } from './fillRoute';
import type { ResourceDeclaration } from './resourceDeclaration';
import { tableViewOf } from './tableViewOf';
import { useOpenFormView } from './useOpenFormView';

// The row's own click handler opens it too: a click on the link must not open it twice.
const keepFromRow = (event: MouseEvent) => event.stopPropagation();

const linkSx = { color: 'inherit', fontWeight: 600, textAlign: 'left', font: 'inherit' } as const;

/**
 * The row's first cell as a real link (show page) or button (edit panel), so that a keyboard and a
 * screen reader can open every row the mouse can; `undefined` for tables whose rows open nothing.
 */
export function useRowOpener(
  declaration: ResourceDeclaration,
  meta?: Record<string, unknown>,
): CellWrapper | undefined {
  const { rowClick = false } = tableViewOf(declaration);
  const openFormView = useOpenFormView(declaration);
  const showRoute = declaration.routes?.show;

  if (rowClick === 'edit') {
    return (content) => (
      <RecordButton onOpen={(record) => openFormView('edit', record, meta)}>{content}</RecordButton>
    );
  }
  if (rowClick === 'show' && showRoute) {
    // A child's page route names its parent too (/forms/:flowId/:id): the table's filter holds the parent's id.
    return (content) => (
      <RecordLink to={(record) => fillRoute(showRoute, { ...meta, id: record.id })}>{content}</RecordLink>
    );
  }
  return undefined;
}

function RecordLink({ to, children }: { to: (record: RaRecord) => string; children: ReactNode }) {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  return (
    <Link component={LinkBase} to={to(record)} onClick={keepFromRow} underline="hover" sx={linkSx}>
      {children}
    </Link>
  );
}

function RecordButton({ onOpen, children }: { onOpen: (record: RaRecord) => void; children: ReactElement }) {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      sx={linkSx}
      onClick={(event: MouseEvent) => {
        keepFromRow(event);
        onOpen(record);
      }}
    >
      {children}
    </Link>
  );
}
