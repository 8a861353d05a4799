import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Tag } from '@contract/media';
import { useState, type FormEvent } from 'react';
import { useCreate, useDelete, useGetList, useNotify, useTranslate, type HttpError } from 'react-admin';
import { normalizeTagName, tagToAdd } from './tagRules';
import { focusOnMount } from './focusOnMount';
import { pageSize } from '@contract/paging';
import { serverMessage } from '../../dataProvider/serverMessage';
import { useCallAccess } from '../../declarative/useDeclaredAccess';

/** The tags call names files with this entity kind (`/tags/file/{fileId}`). */
export const fileTagEntity = 'file';

/**
 * The file's tags (spec §2): chips that can be removed, and a tag form that 'Tag toevoegen' toggles.
 * An empty tag is ignored and one the file already has (ignoring case) is not added twice (spec §5).
 * A role that may not change tags (a Lezer) sees the chips only.
 */
export function FileTags({ fileId }: { fileId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const meta = { entity: fileTagEntity, entityId: fileId };
  const { data: tags = [] } = useGetList<Tag>('tags', {
    meta,
    pagination: { page: 1, perPage: pageSize },
  });
  const [create, { isPending: adding }] = useCreate<Tag, HttpError>();
  const [remove] = useDelete<Tag, HttpError>();
  const mayAdd = useCallAccess('tags', 'create').shown;
  const mayRemove = useCallAccess('tags', 'delete').shown;
  const [formOpen, setFormOpen] = useState(false);
  const [input, setInput] = useState('');
  const [hint, setHint] = useState<string>();

  const fail = (error: HttpError) =>
    notify(serverMessage(error, 'ra.notification.http_error'), { type: 'error' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = tagToAdd(input, tags);
    if (name === undefined) {
      // Empty: ignored. Already there: not added twice, and the user is told why nothing happened.
      setHint(normalizeTagName(input) === '' ? undefined : translate('media.details.tag_exists'));
      return;
    }
    // One add at a time. The button stays enabled meanwhile: a disabled default button would swallow
    // the Enter of the next tag, so a duplicate typed during a save got no hint.
    if (adding) return;
    setHint(undefined);
    // The dataProvider reloads the tags, files and folders after the save. The field is emptied only if it
    // still holds what was added: what the user typed meanwhile (the next tag) is kept.
    const added = input;
    create(
      'tags',
      { data: { name }, meta },
      { onSuccess: () => setInput((current) => (current === added ? '' : current)), onError: fail },
    );
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {translate('media.details.tags')}
        </Typography>
        {mayAdd ? (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setFormOpen((open) => !open)}
            aria-expanded={formOpen}
          >
            {translate('media.details.add_tag')}
          </Button>
        ) : null}
      </Stack>
      {tags.length > 0 ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="media-file-tags">
          {tags.map((tag) => (
            <Chip
              key={tag.id}
              label={tag.name}
              onDelete={
                mayRemove
                  ? () =>
                      remove(
                        'tags',
                        { id: tag.id, previousData: tag, meta },
                        { onError: fail, mutationMode: 'pessimistic' },
                      )
                  : undefined
              }
              deleteIcon={
                <CancelIcon titleAccess={translate('media.details.remove_tag', { name: tag.name })} />
              }
            />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('media.details.no_tags')}
        </Typography>
      )}
      {formOpen && mayAdd ? (
        <Stack
          component="form"
          direction="row"
          onSubmit={submit}
          sx={{ gap: 1, alignItems: 'flex-start' }}
          noValidate
        >
          <TextField
            label={translate('media.details.tag_name')}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setHint(undefined);
            }}
            helperText={hint}
            size="small"
            variant="outlined"
            inputRef={focusOnMount}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'media-tag-input' } }}
          />
          <Button type="submit" variant="outlined" aria-busy={adding} sx={{ height: 40 }}>
            {translate('media.new_folder.submit')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
