import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { ShowBase, Title, useGetOne, useShowContext, type Identifier, type RaRecord } from 'react-admin';
import { isClientError } from '../dataProvider/serverError';
import { LoadError } from '../layout/LoadError';
import { Link, useParams } from 'react-router-dom';
import { fillRoute } from './fillRoute';
import { useRefreshEvents } from '../slideover/refreshEvents';
import { DetailHeader } from './DetailHeader';
import { DetailSections } from './DetailSections';
import { detailLazyParts, type DetailView } from './detailView';
import { preloadView } from './lazyView';
import { LoadingMessage } from './LoadingMessage';
import { detailMeta } from './pageReads';
import { singletonRecordId } from './recordId';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';
import { useRouteValues } from './useRouteValues';

/**
 * A resource's declared detail page (`views.show`) on react-admin's `<ShowBase>`: the record by the
 * route's `:id`, the other route parameters (a parent's `:flowId`) as call values of the read. Loading,
 * not found and the refresh events are handled here for every detail page.
 */
export function DeclaredDetail({ declaration }: { declaration: ResourceDeclaration }) {
  const params = useParams();
  return declaration.singleton ? (
    <SingletonDetail declaration={declaration} />
  ) : (
    <RecordDetail declaration={declaration} id={params.id} />
  );
}

/**
 * A singleton's page (the theme): its one record is read first, because react-admin's show controller
 * insists that the record it shows has the id it asked for.
 */
function SingletonDetail({ declaration }: { declaration: ResourceDeclaration }) {
  const { data, isPending, error } = useGetOne(declaration.name, { id: singletonRecordId });
  if (isPending) return <LoadingMessage />;
  if (error || !data) return <DetailNotFound declaration={declaration} />;
  return <RecordDetail declaration={declaration} id={data.id} />;
}

function RecordDetail({ declaration, id }: { declaration: ResourceDeclaration; id: Identifier | undefined }) {
  const view = detailViewOf(declaration);
  const routeValues = useRouteValues();
  // The page's lazy parts load while the record is read, so they do not suspend the page after it.
  for (const part of detailLazyParts(view)) preloadView(part);
  return (
    <ShowBase
      resource={declaration.name}
      id={id}
      // The console's routes are not react-admin's: a failed read shows the not-found message here.
      queryOptions={{ meta: detailMeta(view, routeValues), onError: () => undefined }}
      loading={<LoadingMessage />}
      error={<DetailLoadFailure declaration={declaration} />}
      render={() => <DetailPage declaration={declaration} />}
    />
  );
}

export function detailViewOf(declaration: ResourceDeclaration): DetailView<RaRecord> {
  const view = declaration.views.show;
  if (!view || 'component' in view) throw new Error(`Resource '${declaration.name}' declares no detail view`);
  return view;
}

function DetailPage({ declaration }: { declaration: ResourceDeclaration }) {
  const view = detailViewOf(declaration);
  const label = useLabel();
  const { record, refetch } = useShowContext();
  useRefreshEvents([...(declaration.refreshEvents ?? []), ...(view.refreshEvents ?? [])], () => {
    void refetch();
  });
  if (!record) return <DetailNotFound declaration={declaration} />;
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: view.maxWidth, minWidth: 0 }}>
      <Title title={label(view.pageTitle ?? declaration.label.one)} />
      <DetailHeader declaration={declaration} record={record} />
      <DetailSections sections={view.sections ?? []} record={record} />
    </Stack>
  );
}

/** A 4xx answer means the record is not there for this user; anything else may pass when asked again. */
function DetailLoadFailure({ declaration }: { declaration: ResourceDeclaration }) {
  const { error, refetch } = useShowContext();
  if (isClientError(error)) return <DetailNotFound declaration={declaration} />;
  return <LoadError error={error} onRetry={() => void refetch()} />;
}

/** The record cannot be read (unknown id, another environment, deleted for good): say so, and the way back. */
function DetailNotFound({ declaration }: { declaration: ResourceDeclaration }) {
  const view = detailViewOf(declaration);
  const label = useLabel();
  const params = useParams();
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Title title={label(declaration.label.one)} />
      <Alert
        severity="warning"
        action={
          view.back ? (
            <Link to={fillRoute(view.back.to, params)} style={{ color: 'inherit' }}>
              {label(view.back.label)}
            </Link>
          ) : undefined
        }
      >
        {label(view.notFound)}
      </Alert>
    </Box>
  );
}
