import { ReferenceInput, SelectInput } from 'react-admin';
import type { DeclaredInputProps } from '../../declarative/fieldDeclaration';

/** The publication type picker of 'Nieuwe Publicatie': a select of the environment's types by name. */
export function PublicationTypeInput({ field }: DeclaredInputProps) {
  return (
    <ReferenceInput source={field.source} reference="publicationTypes" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput label={field.label} validate={field.validate} optionText="name" fullWidth />
    </ReferenceInput>
  );
}
