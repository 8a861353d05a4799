import Button from '@mui/material/Button';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmRecordDelete } from './ConfirmRecordDelete';
import type { DeclaredCall } from './declaredOperation';
import { DeniedButton } from './DeniedButton';
import { callOfForm } from './formViews';
import { useDeclaredAccess } from './useDeclaredAccess';
import { RunActionButton } from './RunActionButton';
import { UploadActionButton } from './UploadActionButton';
import type { DetailAction } from './detailView';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useActionDownload } from './useActionDownload';
import { useLabel } from './useLabel';
import { useOpenFormView } from './useOpenFormView';
import { useRouteValues } from './useRouteValues';

/** The call an action makes, for access: its named action, the delete, or what its form saves with. */
function callOf(
  action: DetailAction<RaRecord>,
  target: { resource: ResourceDeclaration; form?: string },
): DeclaredCall | undefined {
  if (action.to) return action.leadsTo?.call;
  if (action.download) return action.download.action;
  if (action.run) return action.run.action;
  if (action.upload) return action.upload.action;
  if (action.delete) return 'delete';
  return target.form ? callOfForm(target.resource, target.form) : undefined;
}

/**
 * One action of a detail page's header: open a declared form with the record, go to a page, download,
 * run or upload to a named action, or delete; as the member's role allows it (absent, or disabled with
 * the reason when declared `whenDenied`).
 */
export function DetailActionButton({
  declaration,
  record,
  action,
}: {
  declaration: ResourceDeclaration;
  record: RaRecord;
  action: DetailAction<RaRecord>;
}) {
  const label = useLabel();
  const navigate = useNavigate();
  const routeValues = useRouteValues();
  const target = typeof action.form === 'object' ? action.form : { resource: declaration, form: action.form };
  const openFormView = useOpenFormView(target.resource);
  const [confirming, setConfirming] = useState(false);
  const { busy, download } = useActionDownload(declaration.name);
  const accessResource = action.to && action.leadsTo ? action.leadsTo.resource : target.resource;
  const access = useDeclaredAccess(accessResource, callOf(action, target), action.whenDenied, action.orCall);
  const Icon = action.icon;
  const common = {
    variant: action.variant ?? (action.to ? 'text' : 'outlined'),
    startIcon: Icon ? <Icon /> : undefined,
  } as const;

  if (!access.shown) return null;
  // Not allowed to this member, or not possible for this record now (one's own approval request).
  const unavailable = action.unavailable?.(record);
  const deniedReason = access.deniedReason ?? (unavailable ? label(unavailable) : undefined);
  if (deniedReason) {
    return (
      <DeniedButton
        {...common}
        color={action.delete ? 'error' : undefined}
        reason={deniedReason}
        text={label(action.label)}
      />
    );
  }

  if (action.to) {
    return (
      <Button component={Link} to={action.to(record)} {...common}>
        {label(action.label)}
      </Button>
    );
  }
  if (action.download) {
    const { action: name, fileName } = action.download;
    return (
      <Button
        {...common}
        disabled={busy}
        onClick={() => void download(name, { id: String(record.id), meta: routeValues }, fileName(record))}
      >
        {label(action.label)}
      </Button>
    );
  }
  if (action.run) {
    return (
      <RunActionButton
        {...common}
        declaration={declaration}
        record={record}
        run={action.run}
        meta={routeValues}
        text={label(action.label)}
      />
    );
  }
  if (action.upload) {
    return (
      <UploadActionButton
        {...common}
        resource={declaration.name}
        record={record}
        upload={action.upload}
        meta={routeValues}
        text={label(action.label)}
      />
    );
  }
  if (action.delete) {
    const { redirect, ...confirm } = action.delete;
    return (
      <>
        <Button
          {...common}
          variant={action.variant ?? 'text'}
          color="error"
          onClick={() => setConfirming(true)}
        >
          {label(action.label)}
        </Button>
        {confirming ? (
          <ConfirmRecordDelete
            declaration={declaration}
            record={record}
            confirm={confirm}
            meta={routeValues}
            onClose={() => setConfirming(false)}
            onDeleted={() => navigate(redirect)}
          />
        ) : null}
      </>
    );
  }
  return (
    <Button {...common} onClick={() => target.form && openFormView(target.form, record, routeValues)}>
      {label(action.label)}
    </Button>
  );
}
