import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { ShowBase, Title, useGetOne, useShowContext, type Identifier, type RaRecord } from 'react-admin';
import { isClientError } from '../dataProvider/serverError';
import { LoadError } from '../layout/LoadError';
import { Link, useParams } from 'react-router-dom';
import { fillRoute } from './fillRoute';
import { DetailHeader } from './DetailHeader';
import { DetailSections } from './DetailSections';
import { detailLazyParts, type DetailView, type DetailViewName } from './detailView';
import { preloadView } from './lazyView';
import { recordName } from './recordName';
import { LoadingMessage } from './LoadingMessage';
import { pollInterval } from './pollDeclaration';
import { detailMeta } from './pageReads';
import { singletonRecordId } from './recordId';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';
import { EmbeddedValuesContext, useRouteValues } from './useRouteValues';

/** Which detail view to show, and how: at its own route, or embedded in a page of one's own. */
interface DetailProps {
  declaration: ResourceDeclaration;
  /** 'show' (`views.show`) or a named view of `views.details`. */
  view?: DetailViewName;
  /** The record's id; the route's `:id` when absent. */
  id?: Identifier;
  /** Call values that are no route parameters of this page, e.g. `{ listId }` for an import. */
  values?: Record<string, string | undefined>;
  /** Inside a page of one's own: the sections only, without page title, header or margins. */
  embedded?: boolean;
}

/**
 * A resource's declared detail page (`views.show`, or a named view of `views.details`) on
 * react-admin's `<ShowBase>`: the record by the route's `:id`, the other route parameters (a parent's
 * `:flowId`) as call values of the read. Loading, not found, a failed read (the one error display,
 * with 'Opnieuw proberen') are handled here for every detail view; the record reads again after every
 * write to its resource or to one that `invalidates` it (withAfterSave).
 */
export function DeclaredDetail({ values, ...props }: DetailProps) {
  const params = useParams();
  const detail = props.declaration.singleton ? (
    <SingletonDetail {...props} />
  ) : (
    <RecordDetail {...props} id={props.id ?? params.id} />
  );
  return values ? <EmbeddedValuesContext value={values}>{detail}</EmbeddedValuesContext> : detail;
}

/**
 * A singleton's page (the theme): its one record is read first, because react-admin's show controller
 * insists that the record it shows has the id it asked for.
 */
function SingletonDetail(props: DetailProps) {
  const { data, isPending, error } = useGetOne(props.declaration.name, { id: singletonRecordId });
  if (isPending) return <LoadingMessage />;
  if (error || !data) return <DetailNotFound {...props} />;
  return <RecordDetail {...props} id={data.id} />;
}

function RecordDetail(props: DetailProps) {
  const { declaration, id } = props;
  const view = detailViewOf(declaration, props.view);
  const routeValues = useRouteValues();
  // The page's lazy parts load while the record is read, so they do not suspend the page after it.
  for (const part of detailLazyParts(view)) preloadView(part);
  return (
    <ShowBase
      resource={declaration.name}
      id={id}
      // The console's routes are not react-admin's: a failed read shows the not-found message here.
      queryOptions={{
        meta: detailMeta(view, routeValues),
        onError: () => undefined,
        refetchInterval: (query) => pollInterval(view.poll, query.state.data ? [query.state.data] : []),
      }}
      loading={<LoadingMessage />}
      error={<DetailLoadFailure {...props} />}
      render={() => <DetailPage {...props} />}
    />
  );
}

/** The declared detail view of that name: `views.show`, or one of `views.details`. */
export function detailViewOf(
  declaration: ResourceDeclaration,
  name: DetailViewName = 'show',
): DetailView<RaRecord> {
  const view = name === 'show' ? declaration.views.show : declaration.views.details?.[name];
  if (!view || 'component' in view)
    throw new Error(`Resource '${declaration.name}' declares no detail view '${name}'`);
  return view;
}

function DetailPage(props: DetailProps) {
  const { declaration, embedded } = props;
  const view = detailViewOf(declaration, props.view);
  const label = useLabel();
  const { record } = useShowContext();
  if (!record) return <DetailNotFound {...props} />;
  const sections = (
    <DetailSections declaration={declaration} sections={view.sections ?? []} record={record} />
  );
  if (embedded) return <Stack spacing={2}>{sections}</Stack>;
  const name = recordName(declaration, record);
  const title = view.title
    ? label(view.title, { name })
    : recordPageTitle(name, label(view.pageTitle ?? declaration.label.one));
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: view.maxWidth, minWidth: 0 }}>
      {/* The record's name first ('Nieuwsbrief maart — Publicatie'): the page bar and the browser tab
          tell which one is open, not only what kind of page. */}
      <Title title={title} />
      <DetailHeader declaration={declaration} view={view} record={record} />
      {sections}
    </Stack>
  );
}

/** 'Nieuwsbrief maart — Publicatie', or the kind alone for a record without a name. */
export function recordPageTitle(name: string, kind: string): string {
  return name.trim() ? `${name.trim()} — ${kind}` : kind;
}

/** A 4xx answer means the record is not there for this user; anything else may pass when asked again. */
function DetailLoadFailure(props: DetailProps) {
  const { error, refetch } = useShowContext();
  if (isClientError(error)) return <DetailNotFound {...props} />;
  return <LoadError error={error} onRetry={() => void refetch()} />;
}

/** The record cannot be read (unknown id, another environment, deleted for good): say so, and the way back. */
function DetailNotFound({ declaration, view: name, embedded }: DetailProps) {
  const view = detailViewOf(declaration, name);
  const label = useLabel();
  const params = useParams();
  return (
    <Box sx={embedded ? undefined : { p: { xs: 2, md: 3 } }}>
      {embedded ? null : <Title title={label(declaration.label.one)} />}
      <Alert
        severity="warning"
        action={
          view.back ? (
            <Link to={fillRoute(view.back.to, params)} style={{ color: 'inherit' }}>
              {/* Without a record its kind stands for its name: 'Terug naar formulier'. */}
              {label(view.back.label, { name: label(declaration.label.one).toLowerCase() })}
            </Link>
          ) : undefined
        }
      >
        {label(view.notFound)}
      </Alert>
    </Box>
  );
}
