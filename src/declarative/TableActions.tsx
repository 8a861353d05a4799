import Button from '@mui/material/Button';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { TopToolbar, useListContext } from 'react-admin';
import { isAccessDenied } from '../layout/AccessDenied';
import { CreateButton } from './CreateButton';
import type { ResourceDeclaration } from './resourceDeclaration';
import { tableViewOf } from './tableViewOf';
import type { TableDownload } from './viewDeclaration';
import { useActionDownload } from './useActionDownload';
import { useDeclaredAccessCheck } from './useDeclaredAccess';
import { useLabel } from './useLabel';

/**
 * The table's toolbar: the create view's button, labelled with its title ('Nieuwe Lijst'), and the
 * view's downloads of what the table shows ('Exporteren').
 */
export function TableActions({
  declaration,
  meta,
}: {
  declaration: ResourceDeclaration;
  meta?: Record<string, unknown>;
}) {
  const { error, total, filterValues } = useListContext();
  const access = useDeclaredAccessCheck(declaration);
  const view = tableViewOf(declaration);
  const downloads = (view.downloads ?? []).filter((download) => access(download.action).shown);
  // The empty state offers the create button itself (TableEmpty): one button, where the eye goes.
  const emptyStateOffersCreate = total === 0 && view.empty !== undefined && Object.keys(filterValues).length === 0;
  const create = declaration.views.create && !emptyStateOffersCreate;
  // Someone who may not read the table may not add to it either: no button on the 'Geen toegang' page.
  if ((!create && downloads.length === 0) || isAccessDenied(error)) return null;
  return (
    // On a phone react-admin's toolbar is a tall white strip of its own: here only as high as its button.
    <TopToolbar sx={{ minHeight: { xs: 'auto' }, bgcolor: { xs: 'transparent' }, py: { xs: 0.5 } }}>
      {create ? <CreateButton declaration={declaration} meta={meta} /> : null}
      {downloads.map((download) => (
        <DownloadButton key={download.action} declaration={declaration} download={download} meta={meta} />
      ))}
    </TopToolbar>
  );
}

/** Downloads the action's file with the table's fixed values and its filters as the user set them. */
function DownloadButton({
  declaration,
  download: { label: text, action, fileName },
  meta,
}: {
  declaration: ResourceDeclaration;
  download: TableDownload;
  meta?: Record<string, unknown>;
}) {
  const { filterValues } = useListContext();
  const label = useLabel();
  const { busy, download } = useActionDownload(declaration.name);
  return (
    <Button
      size="small"
      startIcon={<FileDownloadOutlinedIcon />}
      disabled={busy}
      onClick={() => void download(action, { meta: { ...meta, ...filterValues } }, fileName)}
    >
      {label(text)}
    </Button>
  );
}
