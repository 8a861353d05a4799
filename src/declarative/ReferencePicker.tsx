import Alert from '@mui/material/Alert';
import { useContext, useEffect } from 'react';
import { CheckboxGroupInput, SelectInput, useGetList, type RaRecord } from 'react-admin';
import { DeclaredFormContext, useFormContextValues } from './DeclaredFormContext';
import { inputProps } from './inputProps';
import type { DeclaredInputProps } from './fieldDeclaration';
import { PendingReference } from './PendingReference';
import { pickableRecords } from './pickableRecords';
import { pageSize } from '@contract/paging';
import { useLabel } from './useLabel';

/**
 * A select (a group of checkboxes for `multiple`) of another resource's records (spec §5 pickers):
 * filtered and sorted at the server, without deleted records and the excluded ids. With nothing left it says so instead, and the form cannot be
 * submitted ('Er zijn geen lijsten meer om uit te kiezen').
 */
export function ReferencePicker({ field }: DeclaredInputProps) {
  const context = useFormContextValues();
  const { blockSubmit } = useContext(DeclaredFormContext);
  const label = useLabel();
  const reference = field.kind === 'reference' ? field : undefined;
  const { data, isPending } = useGetList<RaRecord & { isDeleted?: boolean }>(reference?.reference ?? '', {
    pagination: { page: 1, perPage: pageSize },
    sort: reference?.sort ?? { field: '', order: 'ASC' },
    filter: reference?.filter,
  });
  const choices = pickableRecords(data ?? [], reference?.exclude?.(context) ?? []);
  const nothingLeft = !isPending && choices.length === 0 && reference?.empty !== undefined;

  useEffect(() => {
    blockSubmit(field.source, nothingLeft);
    return () => blockSubmit(field.source, false);
  }, [blockSubmit, field.source, nothingLeft]);

  if (!reference) return null;
  if (isPending) return <PendingReference field={field} />;
  if (nothingLeft) return <Alert severity="info">{label(reference.empty ?? '')}</Alert>;
  if (reference.multiple)
    return (
      <CheckboxGroupInput
        {...inputProps(field)}
        choices={choices}
        optionText={reference.optionText}
        row={false}
      />
    );
  return <SelectInput {...inputProps(field)} choices={choices} optionText={reference.optionText} fullWidth />;
}
