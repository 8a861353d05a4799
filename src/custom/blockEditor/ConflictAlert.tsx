import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';

export interface ConflictAlertProps {
  onTakeTheirs(): void;
  onOverwrite(): void;
}

/**
 * Someone else saved the block since it was opened: nothing more is saved, the typed text stays in the
 * fields, and the user chooses which version lives on.
 */
export function ConflictAlert({ onTakeTheirs, onOverwrite }: ConflictAlertProps) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" role="alert" data-testid="block-conflict">
      <AlertTitle>{translate('app.publications.editor.conflict.title')}</AlertTitle>
      {translate('app.publications.editor.conflict.text')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button variant="contained" color="warning" onClick={onOverwrite}>
          {translate('app.publications.editor.conflict.overwrite')}
        </Button>
        <Button variant="outlined" color="warning" onClick={onTakeTheirs}>
          {translate('app.publications.editor.conflict.take_theirs')}
        </Button>
      </Stack>
    </Alert>
  );
}
