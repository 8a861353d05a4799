import type { ListImport } from '@contract/listImports';
import type { ReceiverList } from '@contract/receivers';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useGetList, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeclaredDetail } from '../../../declarative/DeclaredDetail';
import { DeclaredTable } from '../../../declarative/DeclaredTable';
import { LoadingMessage } from '../../../declarative/LoadingMessage';
import { useCallAccess } from '../../../declarative/useDeclaredAccess';
import { BackToOverview } from '../../../layout/BackToOverview';
import { listImports } from '../../../resources/listImports';
import { ImportAnotherContext } from './importAnother';
import { ImportWizard } from './ImportWizard';

/** How long after it ended an import's result is what the page opens with ('come back later'). */
const resultShownMilliseconds = 24 * 60 * 60 * 1000;

/** The running import, else the latest one when it ended within a day; else none (the wizard). */
function shownOnArrival(imports: readonly ListImport[], now = Date.now()): ListImport | undefined {
  const running = imports.find((item) => item.status === 'Bezig');
  if (running) return running;
  const [latest] = imports;
  return latest?.finishedAt && now - Date.parse(latest.finishedAt) < resultShownMilliseconds
    ? latest
    : undefined;
}

/**
 * /recievers/lists/{id}/import: the import wizard, or the list's running import when there is one
 * (it runs in the server: leaving and coming back shows its progress), then its result; a result of
 * the last day is shown on arrival too, with a way to import another file. Below, the list's earlier
 * imports (the declared table of listImports), each opening its result at
 * /recievers/lists/{listId}/import/{id}. A role that may not import sees why instead of the wizard.
 */
export function ListImportPage() {
  const params = useParams();
  // The list is `:id` on its import page, `:listId` where one of its imports is opened (`:id`).
  const listId = params.listId ?? params.id ?? '';
  const openedId = params.listId ? params.id : undefined;
  // Another import opened starts afresh: not with the wizard or import of the previous one.
  return <ImportPageContent key={openedId ?? ''} listId={listId} openedId={openedId} />;
}

function ImportPageContent({ listId: id, openedId }: { listId: string; openedId?: string }) {
  const translate = useTranslate();
  const list = useGetOne<ReceiverList>('lists', { id });
  const imports = useGetList<ListImport>('listImports', {
    meta: { listId: id },
    pagination: { page: 1, perPage: 20 },
    sort: { field: '', order: 'DESC' },
  });
  // undefined: the opened import, else the running one if there is one; null: the wizard; else that import.
  const [shownId, setShownId] = useState<string | null>();
  const importAccess = useCallAccess('listImports', 'start', {
    reason: 'app.receivers.imports.denied',
    alsoForReaders: true,
  });

  if (list.isPending || imports.isPending) return <LoadingMessage />;
  if (!list.data) {
    return (
      <Alert severity="warning" sx={{ m: 3 }}>
        {translate('app.receivers.lists.page.not_found')}
      </Alert>
    );
  }
  const title = list.data.title;
  const importId = shownId === undefined ? (openedId ?? shownOnArrival(imports.data ?? [])?.id) : shownId;
  const earlier = (imports.data ?? []).some((item) => item.id !== importId);

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100, minWidth: 0 }}>
      <Title title={translate('app.receivers.imports.title', { title })} />
      <Card variant="outlined">
        <CardContent>
          <BackToOverview
            to={`/recievers/lists/${id}`}
            label={translate('app.receivers.imports.back', { title })}
          />
          <Typography variant="h5" component="h2" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {translate('app.receivers.imports.title', { title })}
          </Typography>
          {importId ? (
            // Its progress, then its result: the import's declared view, reading it again while it runs.
            <ImportAnotherContext value={() => setShownId(null)}>
              <DeclaredDetail
                declaration={listImports}
                view="import"
                id={importId}
                values={{ listId: id }}
                embedded
              />
            </ImportAnotherContext>
          ) : list.data.isDeleted ? (
            <Alert severity="info">{translate('app.receivers.imports.deleted')}</Alert>
          ) : importAccess.deniedReason ? (
            <Alert severity="info">{importAccess.deniedReason}</Alert>
          ) : !importAccess.shown ? null : (
            <ImportWizard list={list.data} onStarted={(started) => setShownId(started.id)} />
          )}
        </CardContent>
      </Card>
      {earlier ? (
        <Card variant="outlined" component="section" aria-labelledby="import-history-title">
          <CardContent>
            <Typography id="import-history-title" variant="h6" component="h3" sx={{ mb: 1 }}>
              {translate('app.receivers.imports.history.title')}
            </Typography>
            <DeclaredTable
              declaration={listImports}
              filter={{ listId: id }}
              embedded
              tableLabel={translate('app.receivers.imports.history.title')}
            />
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}
