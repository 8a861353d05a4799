import type { ReactElement } from 'react';
import {
  BooleanField,
  DataTable,
  DateField,
  EmailField,
  ReferenceField,
  SelectField,
  UrlField,
  type RaRecord,
} from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { ColumnDeclaration } from './viewDeclaration';

/** The `<DataTable.Col>` of a declared column; the field's kind decides how the cell shows it. */
export function declaredColumn(
  declaration: ResourceDeclaration,
  column: ColumnDeclaration<RaRecord>,
): ReactElement {
  const { source, label, sortable = true, render } = typeof column === 'string' ? { source: column } : column;
  const field = declaration.fields.find((candidate) => candidate.source === source);
  if (!field && !(render && label)) {
    throw new Error(`Resource '${declaration.name}' declares no field '${source}' for its table`);
  }
  const props = { source, label: label ?? field?.label, disableSort: !sortable };

  if (render || !field) return <DataTable.Col key={source} {...props} render={render} />;
  const { displayAs } = field;
  if (displayAs) {
    return (
      <DataTable.Col
        key={source}
        {...props}
        render={(record: RaRecord) => displayAs(record[source], record)}
      />
    );
  }
  switch (field.kind) {
    case 'number':
      return <DataTable.NumberCol key={source} {...props} />;
    case 'boolean':
      return <DataTable.Col key={source} {...props} field={BooleanField} />;
    case 'email':
      return <DataTable.Col key={source} {...props} field={EmailField} />;
    case 'url':
      return <DataTable.Col key={source} {...props} field={UrlField} />;
    case 'date':
      return (
        <DataTable.Col key={source} {...props}>
          <DateField source={source} locales="nl-NL" />
        </DataTable.Col>
      );
    case 'dateTime':
      return (
        <DataTable.Col key={source} {...props}>
          <DateField source={source} locales="nl-NL" showTime />
        </DataTable.Col>
      );
    case 'choice':
      // Choices computed per form have no fixed names for a table: the value shows as it is.
      if (typeof field.choices === 'function') return <DataTable.Col key={source} {...props} />;
      return (
        <DataTable.Col key={source} {...props}>
          <SelectField source={source} choices={[...field.choices]} />
        </DataTable.Col>
      );
    case 'reference':
      return (
        <DataTable.Col key={source} {...props}>
          <ReferenceField source={source} reference={field.reference} link={false} />
        </DataTable.Col>
      );
    default:
      return <DataTable.Col key={source} {...props} />;
  }
}
