import type { Publication } from '@contract/publications';
import SendIcon from '@mui/icons-material/Send';
import { useTranslate } from 'react-admin';
import { SlideOverForm } from '../../declarative/SlideOverForm';
import type { FormViewProps } from '../../declarative/viewDeclaration';
import { useSlideOver } from '../../slideover/SlideOverContext';
import { DeliverFields } from './DeliverFields';
import { deliverFormDefaults } from './deliveryJobData';
import { useDeliverDenied, useDeliverPublication } from './useDeliverPublication';

/**
 * The 'deliverPublication' slide-over ('{name} verspreiden'), opened with the publication as `record`.
 * After the job is created the panel closes and the console goes to /jobs/.
 */
export function DeliverPublicationSlideOver({ record }: FormViewProps) {
  const publication = record as Publication;
  const translate = useTranslate();
  const { close } = useSlideOver();
  const form = useDeliverPublication(publication, close);
  const deniedReason = useDeliverDenied();
  return (
    <SlideOverForm
      title={translate('app.deliver.title', { name: publication.name })}
      submitLabel="app.deliver.submit"
      submitIcon={<SendIcon />}
      defaultValues={deliverFormDefaults}
      deniedReason={deniedReason}
      {...form}
    >
      <DeliverFields publication={publication} />
    </SlideOverForm>
  );
}
