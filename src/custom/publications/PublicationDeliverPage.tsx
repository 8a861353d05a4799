import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Form, Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { DeclaredFormContext, useDeclaredFormSetting } from '../../declarative/DeclaredFormContext';
import { FormHead } from '../../declarative/FormHead';
import { FormSubmit } from '../../declarative/FormSubmit';
import { isClientError } from '../../dataProvider/serverError';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { LoadError } from '../../layout/LoadError';
import { DeliverFields } from './DeliverFields';
import { deliverFormDefaults } from './deliveryJobData';
import { PublicationNotFound } from './PublicationNotFound';
import { useDeliverDenied, useDeliverPublication } from './useDeliverPublication';
import { usePublication } from './usePublication';

/**
 * /publications/{id}/deliver: the deliver form on a page of its own; after the job, /jobs/. A role that
 * may not send sees the form with 'Verspreiden' disabled and the reason; while the deliver check finds a
 * blocker (a Redacteur with 'Goedkeuring' off) 'Verspreiden' is gone, as in the panel.
 */
export function PublicationDeliverPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: publication, isPending, error, refetch } = usePublication(id);
  const { submit, serverError } = useDeliverPublication(publication);
  const deniedReason = useDeliverDenied();
  // The deliver check blocks the submit through it.
  const setting = useDeclaredFormSetting(publication);
  if (isPending) return <LoadingMessage />;
  if (error && !isClientError(error)) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (error || !publication) return <PublicationNotFound message={error?.message} />;
  return (
    <Stack sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
      <Title title={translate('app.deliver.title', { name: publication.name })} />
      <Card variant="outlined">
        <DeclaredFormContext.Provider value={setting}>
          <Form onSubmit={deniedReason ? saveNothing : submit} defaultValues={deliverFormDefaults} noValidate>
            <CardContent>
              <FormHead serverError={serverError} />
              <DeliverFields publication={publication} />
            </CardContent>
            <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, px: 2, pb: 2 }}>
              <Button component={Link} to={`/publications/${publication.id}`}>
                {translate('ra.action.cancel')}
              </Button>
              <FormSubmit label="app.deliver.submit" icon={<SendIcon />} deniedReason={deniedReason} />
            </Stack>
          </Form>
        </DeclaredFormContext.Provider>
      </Card>
    </Stack>
  );
}

// Enter in a field of a form the role may not send: nothing happens (the button says why).
const saveNothing = () => undefined;
