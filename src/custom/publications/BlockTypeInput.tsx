import type { PublicationType } from '@contract/publications';
import Alert from '@mui/material/Alert';
import { useContext } from 'react';
import { RadioButtonGroupInput, useGetOne, useTranslate } from 'react-admin';
import { DeclaredFormContext } from '../../declarative/DeclaredFormContext';
import { LoadError } from '../../layout/LoadError';
import type { DeclaredInputProps } from '../../declarative/fieldDeclaration';

/**
 * The radio choice of 'Blok toevoegen': one option per repeatable group of the publication's type
 * (the panel is opened with `meta: {publicationId, publicationTypeId}`).
 */
export function BlockTypeInput({ field }: DeclaredInputProps) {
  const translate = useTranslate();
  const { meta } = useContext(DeclaredFormContext);
  const type = useGetOne<PublicationType>('publicationTypes', { id: String(meta?.publicationTypeId) });
  const groups = type.data?.repeatableGroups ?? [];
  if (type.error) return <LoadError error={type.error} onRetry={() => void type.refetch()} />;
  if (type.isSuccess && groups.length === 0) {
    return <Alert severity="info">{translate('app.publications.blocks.add.none')}</Alert>;
  }
  return (
    <RadioButtonGroupInput
      source={field.source}
      label={field.label}
      choices={groups.map((group) => ({ id: group.type, name: group.name }))}
      isPending={type.isPending}
      validate={field.validate}
      row={false}
    />
  );
}
