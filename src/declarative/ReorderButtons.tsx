import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { TableView } from './viewDeclaration';
import { serverMessage } from '../dataProvider/serverMessage';

/**
 * A row's 'omhoog'/'omlaag' buttons: the whole order goes to the declared action (every id of the
 * table, the row moved one place); the dataProvider then reloads the table.
 */
export function ReorderButtons({
  declaration,
  reorder,
  meta,
}: {
  declaration: ResourceDeclaration;
  reorder: NonNullable<TableView<never>['reorder']>;
  meta?: Record<string, unknown>;
}) {
  const record = useRecordContext();
  const { data = [] } = useListContext();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const index = data.findIndex((row) => row.id === record.id);

  const move = async (offset: -1 | 1) => {
    const ids = data.map((row) => row.id);
    [ids[index], ids[index + offset]] = [ids[index + offset]!, ids[index]!];
    setBusy(true);
    try {
      await dataProvider.action(declaration.name, reorder.action, { meta, data: { [reorder.ids]: ids } });
    } catch (error) {
      notify(serverMessage(error, 'declarative.form.saveFailed'), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const button = (offset: -1 | 1, disabled: boolean) => (
    <IconButton
      size="small"
      disabled={busy || disabled}
      aria-label={translate(offset < 0 ? 'declarative.table.move_up' : 'declarative.table.move_down', {
        name: String(record[declaration.recordRepresentation ?? 'id'] ?? ''),
      })}
      onClick={(event) => {
        event.stopPropagation();
        void move(offset);
      }}
    >
      {offset < 0 ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
    </IconButton>
  );
  return (
    <Stack direction="row">
      {button(-1, index <= 0)}
      {button(1, index === -1 || index >= data.length - 1)}
    </Stack>
  );
}
