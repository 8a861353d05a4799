import Stack from '@mui/material/Stack';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { PublicationBlocks } from './PublicationBlocks';
import { PublicationNotFound } from './PublicationNotFound';
import { PublicationSummary } from './PublicationSummary';
import { usePublication } from './usePublication';

/** /publications/{id}: the publication with its actions, and its blocks in order. */
export function PublicationPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: publication, isPending, error } = usePublication(id);
  if (isPending) return <LoadingMessage />;
  if (error || !publication) return <PublicationNotFound message={error?.message} />;
  return (
    <Stack spacing={3} sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      {/* The card below names the publication; the page bar says what kind of page this is. */}
      <Title title={translate('app.publications.one')} />
      <PublicationSummary publication={publication} />
      <PublicationBlocks publication={publication} />
    </Stack>
  );
}
