import type { Publication } from '@contract/publications';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmRecordDelete } from '../../declarative/ConfirmRecordDelete';
import { publications } from '../../resources/publications';

const confirm = {
  confirmTitle: 'app.publications.delete.title',
  confirmContent: 'app.publications.delete.content',
  successMessage: 'app.publications.delete.deleted',
};

/**
 * 'Verwijderen' on the publication page, in the error colour; it deletes only after confirmation and
 * then goes to /publications/. A refusal (409: it has delivery jobs) shows the server's message.
 */
export function DeletePublicationButton({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
        {translate('app.publications.delete.action')}
      </Button>
      {confirming ? (
        <ConfirmRecordDelete
          declaration={publications}
          record={publication}
          confirm={confirm}
          onClose={() => setConfirming(false)}
          onDeleted={() => navigate('/publications/')}
        />
      ) : null}
    </>
  );
}
