import type { PublicationType } from '@contract/publications';
import Alert from '@mui/material/Alert';
import { useGetOne, useTranslate } from 'react-admin';
import { SlideOverForm } from '../../declarative/SlideOverForm';
import type { FormViewProps } from '../../declarative/viewDeclaration';
import { useSlideOver } from '../../slideover/SlideOverContext';
import { BlockTypeInput } from './BlockTypeInput';
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
  const groups = type.data?.repeatableGroups ?? [];
  const form = useAddBlock(target, close);

  return (
    <SlideOverForm
      title={translate('app.publications.blocks.add.title')}
      submitLabel="app.publications.blocks.add.submit"
      description={translate('app.publications.blocks.add.description')}
      defaultValues={{ blockType: null }}
      {...form}
    >
      {type.isSuccess && groups.length === 0 ? (
        <Alert severity="info">{translate('app.publications.blocks.add.none')}</Alert>
      ) : (
        <BlockTypeInput groups={groups} isPending={type.isPending} />
      )}
    </SlideOverForm>
  );
}
