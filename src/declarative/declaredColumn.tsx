import type { ReactElement, ReactNode } from 'react';
import {
  BooleanField,
  DataTable,
  DateField,
  EmailField,
  NumberField,
  ReferenceField,
  SelectField,
  TextField,
  UrlField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { dateOptions, dateTimeOptions } from '../i18n/dateFormat';
import type { FieldDeclaration } from './fieldDeclaration';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { ColumnDeclaration } from './viewDeclaration';

/** Wraps a cell's content in the link or button that opens the row (see useRowOpener). */
export type CellWrapper = (content: ReactElement) => ReactElement;

/** The source of a declared column, whichever form it is declared in. */
export function columnSource(column: ColumnDeclaration<RaRecord>): string {
  return typeof column === 'string' ? column : column.source;
}

/**
 * The `<DataTable.Col>` of a declared column; the field's kind decides how the cell shows it.
 * `opener` places the content inside the row's link (a keyboard can open the row there); an e-mail
 * address or web address then shows as text, as a link cannot hold another link.
 */
export function declaredColumn(
  declaration: ResourceDeclaration,
  column: ColumnDeclaration<RaRecord>,
  opener?: CellWrapper,
): ReactElement {
  const { source, label, sortable = true, render } = typeof column === 'string' ? { source: column } : column;
  const field = declaration.fields.find((candidate) => candidate.source === source);
  if (!field && !(render && label)) {
    throw new Error(`Resource '${declaration.name}' declares no field '${source}' for its table`);
  }
  const props = { source, label: label ?? field?.label, disableSort: !sortable };
  const content = render ? <RenderedCell render={render} /> : cellContent(source, field, !opener);
  // Numbers line up on the right, as react-admin's NumberCol does (which would ignore the content given).
  const align = field?.kind === 'number' && !render && !field.displayAs ? 'right' : undefined;
  return (
    <DataTable.Col key={source} {...props} align={align}>
      {opener ? opener(content) : content}
    </DataTable.Col>
  );
}

function cellContent(source: string, field: FieldDeclaration | undefined, links: boolean): ReactElement {
  if (!field || (!links && (field.kind === 'email' || field.kind === 'url'))) {
    return <TextField source={source} />;
  }
  const { displayAs } = field;
  if (displayAs) return <RenderedCell render={(record) => displayAs(record[source], record)} />;
  switch (field.kind) {
    case 'number':
      return <NumberField source={source} />;
    case 'boolean':
      return <BooleanField source={source} />;
    case 'email':
      return <EmailField source={source} />;
    case 'url':
      return <UrlField source={source} />;
    case 'date':
      return <DateField source={source} locales="nl-NL" options={dateOptions} />;
    case 'dateTime':
      // showTime: without it DateField calls toLocaleDateString, which refuses a timeStyle (a TypeError).
      return <DateField source={source} locales="nl-NL" options={dateTimeOptions} showTime />;
    case 'choice':
      // Choices computed per form have no fixed names for a table: the value shows as it is.
      if (typeof field.choices === 'function') return <TextField source={source} />;
      return <SelectField source={source} choices={[...field.choices]} />;
    case 'reference':
      return <ReferenceField source={source} reference={field.reference} link={false} />;
    default:
      return <TextField source={source} />;
  }
}

/** A cell drawn by the declaration's own function of the row's record. */
function RenderedCell({ render }: { render: (record: RaRecord) => ReactNode }) {
  const record = useRecordContext();
  return <>{record ? render(record) : null}</>;
}
