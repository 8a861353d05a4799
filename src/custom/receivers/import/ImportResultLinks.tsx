import type { ListImport } from '@contract/listImports';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useContext } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ImportAnotherContext } from './importAnother';

/** Below an import's result: to the list, or another file through the wizard. */
export function ImportResultLinks({ record: status }: { record: ListImport }) {
  const translate = useTranslate();
  const another = useContext(ImportAnotherContext);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
      <Button variant="contained" component={Link} to={`/recievers/lists/${status.listId}`}>
        {translate('app.receivers.imports.result.to_list')}
      </Button>
      <Button variant="outlined" onClick={another}>
        {translate('app.receivers.imports.result.again')}
      </Button>
    </Stack>
  );
}
