import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { DeclaredInput } from './DeclaredInput';
import type { FieldDeclaration } from './fieldDeclaration';
import type { Label } from './label';
import { useLabel } from './useLabel';

export interface DeclaredFormContentProps {
  fields: readonly FieldDeclaration[];
  description?: Label;
  serverError?: string;
}

/** The inside of a declared form: its description, the last save's error and one input per field. */
export function DeclaredFormContent({ fields, description, serverError }: DeclaredFormContentProps) {
  const label = useLabel();
  return (
    <>
      {description ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {label(description)}
        </Typography>
      ) : null}
      {serverError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      ) : null}
      {fields.map((field) => (
        <DeclaredInput key={field.source} field={field} />
      ))}
    </>
  );
}
