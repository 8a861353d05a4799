import type { PublicationType } from '@contract/publications';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { SaveButton, useGetOne, useTranslate } from 'react-admin';
import type { FormViewProps } from '../../declarative/viewDeclaration';
import { SlideOverCloseButton } from '../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../slideover/SlideOverPanel';
import { BlockTypeInput } from './BlockTypeInput';
import { PanelForm } from './PanelForm';
import { useAddBlock, type AddBlockTarget } from './useAddBlock';

/**
 * The 'addDynamicPublicationBlock' slide-over ('Blok toevoegen'), opened with
 * `meta: {publicationId, publicationTypeId}`: a required radio choice of the type's repeatable groups.
 */
export function AddBlockSlideOver({ meta }: FormViewProps) {
  const target = meta as unknown as AddBlockTarget;
  const translate = useTranslate();
  const { close } = useSlideOver();
  const type = useGetOne<PublicationType>('publicationTypes', { id: target.publicationTypeId });
  const { submit, serverError } = useAddBlock(target, close);
  const groups = type.data?.repeatableGroups ?? [];

  return (
    <PanelForm onSubmit={submit} defaultValues={{ blockType: null }} noValidate>
      <SlideOverPanel
        title={translate('app.publications.blocks.add.title')}
        actions={
          <>
            <SlideOverCloseButton />
            <SaveButton label="app.publications.blocks.add.submit" alwaysEnable />
          </>
        }
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.publications.blocks.add.description')}
        </Typography>
        {serverError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        ) : null}
        {type.isSuccess && groups.length === 0 ? (
          <Alert severity="info">{translate('app.publications.blocks.add.none')}</Alert>
        ) : (
          <BlockTypeInput groups={groups} isPending={type.isPending} />
        )}
      </SlideOverPanel>
    </PanelForm>
  );
}
