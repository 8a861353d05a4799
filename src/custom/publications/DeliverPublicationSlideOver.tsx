import type { Publication } from '@contract/publications';
import SendIcon from '@mui/icons-material/Send';
import { SaveButton, useTranslate } from 'react-admin';
import type { FormViewProps } from '../../declarative/viewDeclaration';
import { SlideOverCloseButton } from '../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../slideover/SlideOverPanel';
import { DeliverFields } from './DeliverFields';
import { PanelForm } from './PanelForm';
import { useDeliverPublication } from './useDeliverPublication';

const defaultValues = { publicationTemplateId: null, audienceId: null, ignoreRsvp: false };

/**
 * The 'deliverPublication' slide-over ('{name} verspreiden'), opened with the publication as `record`.
 * After the job is created the panel closes and the console goes to /jobs/.
 */
export function DeliverPublicationSlideOver({ record }: FormViewProps) {
  const publication = record as Publication;
  const translate = useTranslate();
  const { close } = useSlideOver();
  const { submit, serverError } = useDeliverPublication(publication, close);
  return (
    <PanelForm onSubmit={submit} defaultValues={defaultValues} noValidate>
      <SlideOverPanel
        title={translate('app.deliver.title', { name: publication.name })}
        actions={
          <>
            <SlideOverCloseButton />
            <SaveButton label="app.deliver.submit" icon={<SendIcon />} alwaysEnable />
          </>
        }
      >
        <DeliverFields publication={publication} serverError={serverError} />
      </SlideOverPanel>
    </PanelForm>
  );
}
