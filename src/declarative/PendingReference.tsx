import FormHelperText from '@mui/material/FormHelperText';
import { InputHelperText, useInput } from 'react-admin';
import type { FieldDeclaration } from './fieldDeclaration';
import { LoadingMessage } from './LoadingMessage';

/**
 * A reference picker while its choices load: the loading message, with the field already registered
 * under its validation. A form sent in that moment is checked and says what is missing ('Selecteer een
 * lijst') instead of going out without the field; the picker that follows keeps showing the error.
 */
export function PendingReference({ field }: { field: FieldDeclaration }) {
  const { fieldState } = useInput({ source: field.source, validate: field.validate });
  const error = fieldState.error?.message;
  return (
    <>
      <LoadingMessage />
      {error ? (
        <FormHelperText error sx={{ mx: 2, mb: 1 }}>
          <InputHelperText error={error} />
        </FormHelperText>
      ) : null}
    </>
  );
}
