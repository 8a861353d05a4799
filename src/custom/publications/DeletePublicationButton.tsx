import type { Publication } from '@contract/publications';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmPublicationDelete } from './ConfirmPublicationDelete';

/** 'Verwijderen' on the publication page, in the error colour; it deletes only after confirmation. */
export function DeletePublicationButton({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
        {translate('app.publications.delete.action')}
      </Button>
      {confirming ? (
        <ConfirmPublicationDelete publication={publication} onClose={() => setConfirming(false)} />
      ) : null}
    </>
  );
}
