import type { Publication, PublicationType } from '@contract/publications';
import Alert from '@mui/material/Alert';
import { useContext } from 'react';
import { SelectInput, useGetOne, useTranslate } from 'react-admin';
import { DeclaredFormContext } from '../../declarative/DeclaredFormContext';
import type { DeclaredInputProps } from '../../declarative/fieldDeclaration';

/** A template of the publication's type (the form is opened with the publication as its record). */
export function PublicationTemplateInput({ field }: DeclaredInputProps) {
  const translate = useTranslate();
  const publication = useContext(DeclaredFormContext).record as Publication | undefined;
  const type = useGetOne<PublicationType>(
    'publicationTypes',
    { id: publication?.publicationTypeId ?? '' },
    { enabled: publication !== undefined },
  );
  const templates = type.data?.templates ?? [];
  if (type.isSuccess && templates.length === 0) {
    return <Alert severity="warning">{translate('app.deliver.no_templates')}</Alert>;
  }
  return (
    <SelectInput
      source={field.source}
      label={field.label}
      choices={templates}
      isPending={type.isPending}
      validate={field.validate}
      fullWidth
    />
  );
}
