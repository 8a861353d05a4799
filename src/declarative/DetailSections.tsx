import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import { DeclaredTable } from './DeclaredTable';
import { DetailCards } from './DetailCards';
import type { DetailSection } from './detailView';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';
import { useRouteValues } from './useRouteValues';

/** The parts of a detail page (or of a form page) below its header, in declared order. */
export function DetailSections({
  sections,
  record,
}: {
  sections: readonly DetailSection<RaRecord>[];
  record: RaRecord;
}) {
  return sections.map((section, index) => {
    if ('component' in section) return <section.component key={index} record={record} />;
    if ('cards' in section) return <DetailCards key={index} cards={section.cards} record={record} />;
    return <EmbeddedTable key={index} section={section} record={record} />;
  });
}

/** Another resource's declared table filtered on the record: the filter also goes to its forms and rows. */
function EmbeddedTable({
  section,
  record,
}: {
  section: Extract<DetailSection<RaRecord>, { table: ResourceDeclaration }>;
  record: RaRecord;
}) {
  const { table, target, adapt, when, title } = section;
  const label = useLabel();
  // The page's other route values (a grandparent's :flowId) go along: the child's calls may need them.
  const routeValues = useRouteValues();
  const declaration = useMemo(() => (adapt ? adapt(table, record) : table), [adapt, table, record]);
  if (when && !when(record)) return null;
  const tableOfRecord = (
    <DeclaredTable declaration={declaration} filter={{ ...routeValues, [target]: record.id }} embedded />
  );
  if (!title) return tableOfRecord;
  return (
    <Box component="section" aria-label={label(title)}>
      {/* Closer to its table's toolbar from a tablet's width on; on a phone that toolbar has a background
          of its own, which would cover the heading's lower edge. */}
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: { xs: 0, sm: -1 }, mt: 1 }}>
        {label(title)}
      </Typography>
      {tableOfRecord}
    </Box>
  );
}
