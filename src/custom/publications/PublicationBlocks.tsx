import type { Publication, PublicationType, PublicationVariant } from '@contract/publications';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { BlockEditor } from '../blockEditor/BlockEditor';
import { createUnsavedChanges, UnsavedChangesContext } from '../blockEditor/unsavedChanges';
import { UnsavedChangesGuard } from '../blockEditor/UnsavedChangesGuard';
import { LoadingMessage } from '../../declarative/LoadingMessage';
import { LoadError } from '../../layout/LoadError';
import { openSlideOver } from '../../slideover/events';
import { useDeclaredAccess } from '../../declarative/useDeclaredAccess';
import { publicationBlocks } from '../../resources/publicationBlocks';
import { BlockDragContext } from './BlockDragContext';
import { BlockListItem } from './BlockListItem';
import { focusFirstFieldOf } from './focusFirstField';
import { usePublicationBlocks } from './usePublicationBlocks';

/**
 * The blocks of a publication in order, with 'Blok toevoegen', removal and reordering; one block at a
 * time opens its editor (a block just added opens by itself). With `variant`, the blocks of that content
 * variant of an A/B test instead: a copy whose content is edited, nothing added, moved or removed.
 */
export function PublicationBlocks({
  record: publication,
  variant,
  onEditingChange,
}: {
  record: Publication;
  variant?: PublicationVariant;
  /** The block whose editor is open (the preview scrolls to it). */
  onEditingChange?(blockId: string | undefined): void;
}) {
  const translate = useTranslate();
  // A Lezer sees the blocks but gets no buttons to add, move or remove them.
  const mayChange = useDeclaredAccess(publicationBlocks, 'create').shown && !variant;
  // The fields autosave: read-only for a role that cannot save a block.
  const mayEdit = useDeclaredAccess(publicationBlocks, 'saveContent').allowed;
  const own = usePublicationBlocks(publication, !variant);
  const { isPending, error, retry, busy, move, moveTo, remove } = own;
  const blocks = variant ? variant.blocks : own.blocks;
  const type = useGetOne<PublicationType>('publicationTypes', { id: publication.publicationTypeId });
  const [openBlockId, setOpenBlockId, addedBlockId] = useOpenedBlock(
    isPending && !variant ? undefined : blocks.map((block) => String(block.id)),
  );
  // A block just added: the focus goes to its first field, where the user goes on typing.
  useEffect(
    () => (addedBlockId ? focusFirstFieldOf(`block-editor-${addedBlockId}`) : undefined),
    [addedBlockId],
  );
  useEffect(() => onEditingChange?.(openBlockId), [openBlockId, onEditingChange]);
  const [unsavedChanges] = useState(createUnsavedChanges);
  const unsavedIds = useSyncExternalStore(unsavedChanges.subscribe, unsavedChanges.unsavedIds);

  return (
    <UnsavedChangesContext value={unsavedChanges}>
      <UnsavedChangesGuard changes={unsavedChanges} />
      <Card variant="outlined" component="section" aria-labelledby="publication-blocks-title">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography id="publication-blocks-title" variant="h6" component="h3" sx={{ flex: 1 }}>
              {variant
                ? translate('app.abTests.variants.blocks_title', {
                    label: variant.label,
                    count: blocks.length,
                  })
                : translate('app.publications.blocks.title', { count: blocks.length })}
            </Typography>
            {mayChange ? (
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                onClick={() =>
                  openSlideOver('addDynamicPublicationBlock', {
                    meta: { publicationId: publication.id, publicationTypeId: publication.publicationTypeId },
                  })
                }
              >
                {translate('app.publications.blocks.add.button')}
              </Button>
            ) : null}
          </Stack>
          {variant ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('app.abTests.variants.blocks_help')}
            </Typography>
          ) : null}
          {isPending && !variant ? <LoadingMessage /> : null}
          {error && !variant ? (
            <LoadError message={translate('app.publications.blocks.load_failed')} onRetry={retry} />
          ) : null}
          {(variant || (!isPending && !error)) && blocks.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {translate('app.publications.blocks.empty')}
            </Typography>
          ) : null}
          {blocks.length > 0 ? (
            <BlockDragContext blocks={blocks} onMove={(from, to) => void moveTo(from, to)}>
              <List disablePadding aria-label={translate('app.publications.blocks.many')}>
                {blocks.map((block, index) => (
                  <BlockListItem
                    key={block.id}
                    block={block}
                    index={index}
                    isLast={index === blocks.length - 1}
                    disabled={busy}
                    readOnly={!mayChange}
                    onMove={(offset) => void move(index, offset)}
                    onRemove={() => void remove(block)}
                    expanded={openBlockId === String(block.id)}
                    unsaved={unsavedIds.includes(String(block.id))}
                    onToggle={() =>
                      setOpenBlockId(openBlockId === String(block.id) ? undefined : String(block.id))
                    }
                  >
                    {type.data ? (
                      <BlockEditor
                        block={block}
                        readOnly={!mayEdit}
                        fields={
                          type.data.repeatableGroups.find((group) => group.type === block.blockType)
                            ?.fields ?? []
                        }
                      />
                    ) : (
                      <LoadingMessage />
                    )}
                  </BlockListItem>
                ))}
              </List>
            </BlockDragContext>
          ) : null}
        </CardContent>
      </Card>
    </UnsavedChangesContext>
  );
}

/**
 * The block whose editor is open; a block that appears after the first load (just added) opens.
 * `blockIds` is undefined while the blocks load.
 */
function useOpenedBlock(blockIds: readonly string[] | undefined) {
  const [openBlockId, setOpenBlockId] = useState<string>();
  const [addedBlockId, setAddedBlockId] = useState<string>();
  const known = useRef<ReadonlySet<string>>(undefined);
  const key = blockIds?.join(' ');
  useEffect(() => {
    if (key === undefined) return;
    const ids = key ? key.split(' ') : [];
    const added = known.current ? ids.filter((id) => !known.current?.has(id)) : [];
    if (added.length === 1) {
      setOpenBlockId(added[0]);
      setAddedBlockId(added[0]);
    }
    known.current = new Set(ids);
  }, [key]);
  return [openBlockId, setOpenBlockId, addedBlockId] as const;
}
