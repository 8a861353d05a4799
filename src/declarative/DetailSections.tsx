import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import { DeclaredTable } from './DeclaredTable';
import { DetailActionButton } from './DetailActionButton';
import { DetailCards } from './DetailCards';
import { DetailGroups } from './DetailGroups';
import type { DetailSection } from './detailView';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';
import { useRouteValues } from './useRouteValues';

/** The parts of a detail page (or of a form page) below its header, in declared order. */
export function DetailSections({
  declaration,
  sections,
  record,
}: {
  /** The resource whose record the page shows: a section's actions run on it. */
  declaration: ResourceDeclaration;
  sections: readonly DetailSection<RaRecord>[];
  record: RaRecord;
}) {
  return sections.map((section, index) => {
    if ('component' in section) {
      return section.when && !section.when(record) ? null : <section.component key={index} record={record} />;
    }
    if ('cards' in section) return <DetailCards key={index} cards={section.cards} record={record} />;
    if ('groups' in section) return <DetailGroups key={index} groups={section.groups(record)} />;
    return <EmbeddedTable key={index} declaration={declaration} section={section} record={record} />;
  });
}

/** Another resource's declared table filtered on the record: the filter also goes to its forms and rows. */
function EmbeddedTable({
  declaration: page,
  section,
  record,
}: {
  declaration: ResourceDeclaration;
  section: Extract<DetailSection<RaRecord>, { table: ResourceDeclaration }>;
  record: RaRecord;
}) {
  const { table, target, adapt, when, title, actions = [] } = section;
  const label = useLabel();
  // The page's other route values (a grandparent's :flowId) go along: the child's calls may need them.
  const routeValues = useRouteValues();
  const declaration = useMemo(() => (adapt ? adapt(table, record) : table), [adapt, table, record]);
  if (when && !when(record)) return null;
  const name = title ? label(title) : undefined;
  const tableOfRecord = (
    <DeclaredTable
      declaration={declaration}
      filter={{ ...routeValues, [target]: record.id }}
      embedded
      tableLabel={name}
    />
  );
  if (!name) return tableOfRecord;
  return (
    <Box component="section" aria-label={name}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        // Closer to its table's toolbar from a tablet's width on; on a phone that toolbar has a
        // background of its own, which would cover the heading's lower edge.
        sx={{ gap: 1, alignItems: { sm: 'center' }, mb: { xs: 0, sm: actions.length ? 0 : -1 }, mt: 1 }}
      >
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
          {name}
        </Typography>
        {actions
          .filter((action) => action.when?.(record) ?? true)
          .map((action) => (
            <DetailActionButton key={action.label} declaration={page} record={record} action={action} />
          ))}
      </Stack>
      {tableOfRecord}
    </Box>
  );
}
