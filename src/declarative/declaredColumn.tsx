import type { ReactElement, ReactNode } from 'react';
import { BooleanField, DataTable, DateField, ReferenceField, UrlField, type RaRecord } from 'react-admin';
import { dateOptions, dateTimeOptions } from '../i18n/dateFormat';
import { formatDutchNumber } from '../i18n/dutchNumber';
import { EmailAddress } from './EmailAddress';
import type { Choice, FieldDeclaration } from './fieldDeclaration';
import type { Label } from './label';
import type { ResourceDeclaration } from './resourceDeclaration';
import { tableRowClasses } from './tableRowClasses';
import type { ColumnDeclaration } from './viewDeclaration';
import type { VisibleColumn } from './visibleColumns';

/** A cell's content, drawn from the row's record. */
export type CellRender = (record: RaRecord) => ReactNode;

/** Wraps a cell's content in the button or link that opens the row (see useRowOpener). */
export type CellWrapper = (record: RaRecord, content: ReactNode) => ReactElement;

/** The source of a declared column, whichever form it is declared in. */
export function columnSource(column: ColumnDeclaration<RaRecord>): string {
  return typeof column === 'string' ? column : column.source;
}

/**
 * The `<DataTable.Col>` of a declared column; the field's kind decides how the cell shows it.
 * `opener` places the content inside the row's link (a keyboard can open the row there); an e-mail
 * address or web address then shows as text, as a link cannot hold another link. `label` translates
 * the declaration's labels (choices' names). The `under` columns' contents follow below the column's
 * own, outside the row's link (whose name stays the row's name), in quieter text (`tableRowClasses.under`).
 *
 * The cell is drawn by the column's `render` function of the row's record: texts and choices as
 * plain text, with no field component, context read or MUI styling per cell, as a table draws 250 rows
 * at once (docs/performance.md, issue 16 goal 3). Other kinds keep react-admin's fields.
 */
export function declaredColumn(
  declaration: ResourceDeclaration,
  { column, under }: VisibleColumn,
  label: (label: Label) => string,
  opener?: CellWrapper,
): ReactElement {
  const { source, columnLabel, sortable, field, content, rendered } = columnParts(
    declaration,
    column,
    !opener,
    label,
  );
  const own: CellRender = opener ? (record) => opener(record, content(record)) : content;
  const below = under.map((column) => columnParts(declaration, column, true, label).content);
  const cell: CellRender =
    below.length === 0
      ? own
      : (record) => (
          <>
            {own(record)}
            {below.map((content, index) => {
              const shown = content(record);
              // An empty value (a journey without error) adds no empty line under the row's name.
              return shown == null || shown === '' ? null : (
                <span key={index} className={tableRowClasses.under}>
                  {shown}
                </span>
              );
            })}
          </>
        );
  // Numbers line up on the right, as react-admin's NumberCol does (which would ignore the content given).
  const align = field?.kind === 'number' && !rendered && !field.displayAs ? 'right' : undefined;
  return (
    <DataTable.Col
      key={source}
      source={source}
      label={columnLabel ?? field?.label}
      disableSort={!sortable}
      align={align}
      render={cell}
    />
  );
}

/** A declared column's source, label, sorting, field and cell content; `links` as in `cellContent`. */
function columnParts(
  declaration: ResourceDeclaration,
  column: ColumnDeclaration<RaRecord>,
  links: boolean,
  label: (label: Label) => string,
) {
  const {
    source,
    label: columnLabel,
    sortable = true,
    render,
  } = typeof column === 'string' ? { source: column } : column;
  const field = declaration.fields.find((candidate) => candidate.source === source);
  if (!field && !(render && columnLabel)) {
    throw new Error(`Resource '${declaration.name}' declares no field '${source}' for its table`);
  }
  const content: CellRender = render ?? cellContent(source, field, links, label);
  return { source, columnLabel, sortable, field, content, rendered: render !== undefined };
}

/** A value as react-admin's TextField shows it: text as it is, anything else as JSON, nothing as nothing. */
function plainText(value: unknown): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function cellContent(
  source: string,
  field: FieldDeclaration | undefined,
  links: boolean,
  label: (label: Label) => string,
): CellRender {
  // Sources are the record's own keys (FieldSource), never paths.
  const text: CellRender = (record) => plainText(record[source]);
  if (field?.kind === 'email' && !field.displayAs) return emailCell(source, links);
  if (!field || (!links && field.kind === 'url')) return text;
  const { displayAs } = field;
  if (displayAs) return (record) => displayAs(record[source], record);
  // One element per column: react-admin's fields read the row's record from its RecordContext.
  const fieldCell =
    (element: ReactElement): CellRender =>
    () =>
      element;
  switch (field.kind) {
    case 'number':
      // Dutch notation in every browser ('30.010'), where NumberField would follow the browser's language.
      return (record) => {
        const value: unknown = record[source];
        return typeof value === 'number' ? formatDutchNumber(value) : text(record);
      };
    case 'boolean':
      return fieldCell(<BooleanField source={source} />);
    case 'url':
      return fieldCell(<UrlField source={source} />);
    case 'date':
      return fieldCell(<DateField source={source} locales="nl-NL" options={dateOptions} />);
    case 'dateTime':
      // showTime: without it DateField calls toLocaleDateString, which refuses a timeStyle (a TypeError).
      return fieldCell(<DateField source={source} locales="nl-NL" options={dateTimeOptions} showTime />);
    case 'choice':
      // Choices computed per form have no fixed names for a table: the value shows as it is.
      if (typeof field.choices === 'function') return text;
      return choiceText(source, field.choices, label);
    case 'reference':
      return fieldCell(<ReferenceField source={source} reference={field.reference} link={false} />);
    default:
      return text;
  }
}

/** An address that breaks only before its '@' (EmailAddress); a mailto link where the cell may hold links. */
function emailCell(source: string, links: boolean): CellRender {
  return (record) => {
    const value: unknown = record[source];
    if (typeof value !== 'string' || !value) return null;
    const address = <EmailAddress address={value} />;
    return links ? (
      <a href={`mailto:${value}`} onClick={(event) => event.stopPropagation()}>
        {address}
      </a>
    ) : (
      address
    );
  };
}

/**
 * The name of the row's choice, as react-admin's SelectField shows it (translated; nothing for an
 * unknown value), with the names translated once for the column instead of once per row.
 */
function choiceText(source: string, choices: readonly Choice[], label: (label: Label) => string): CellRender {
  // SelectField compares with ==: a value 1 finds the choice '1'.
  const names = new Map(choices.map((choice) => [String(choice.id), label(choice.name)]));
  return (record) => {
    const value: unknown = record[source];
    return value == null ? null : (names.get(String(value)) ?? null);
  };
}
