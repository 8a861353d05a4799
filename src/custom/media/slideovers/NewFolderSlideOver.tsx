import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MediaDirectorySummary } from '@contract/media';
import { useState, type FormEvent } from 'react';
import { useCreate, useNotify, useTranslate, type HttpError } from 'react-admin';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { focusOnMount } from '../focusOnMount';
import { FolderNameField } from './FolderNameField';

export interface NewFolderSlideOverProps {
  /** The folder the new one goes into. */
  parentDirectoryId: string;
  /** Its name, for 'Voeg een nieuwe map toe aan {folder}'. */
  folderName: string;
}

/**
 * New folder (spec §2): 'Nieuwe Map', 'Voeg een nieuwe map toe aan {folder}', the field DirectoryName,
 * Sluiten and Toevoegen. An empty name says 'Naam is een verplicht veld' (spec §5) and sends nothing;
 * the server's refusal (a sibling with that name) shows under the field.
 */
export function NewFolderSlideOver({ parentDirectoryId, folderName }: NewFolderSlideOverProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { close } = useSlideOver();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [create, { isPending }] = useCreate<
    MediaDirectorySummary & { parentDirectory?: string },
    HttpError
  >();
  const formId = 'media-new-folder-form';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(translate('media.new_folder.required'));
      return;
    }
    setError(undefined);
    create(
      'mediaFolders',
      { data: { name: trimmed, parentDirectory: parentDirectoryId } },
      {
        onSuccess: () => {
          notify('media.new_folder.created', { type: 'success', messageArgs: { name: trimmed } });
          close();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <SlideOverPanel
      title={translate('media.new_folder.title')}
      actions={
        <>
          <SlideOverCloseButton />
          <Button type="submit" form={formId} variant="contained" disabled={isPending}>
            {translate('media.new_folder.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Typography sx={{ mb: 2 }}>{translate('media.new_folder.intro', { folder: folderName })}</Typography>
        <FolderNameField
          label={translate('media.new_folder.name_label')}
          value={name}
          onChange={(typed) => {
            setName(typed);
            if (error) setError(undefined);
          }}
          error={error}
          inputRef={focusOnMount}
        />
      </form>
    </SlideOverPanel>
  );
}
