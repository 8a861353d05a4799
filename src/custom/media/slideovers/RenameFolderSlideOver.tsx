import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MediaDirectorySummary } from '@contract/media';
import { useState, type FormEvent } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { SlideOverCloseButton } from '../../../slideover/SlideOverCloseButton';
import { useSlideOver } from '../../../slideover/SlideOverContext';
import { SlideOverPanel } from '../../../slideover/SlideOverPanel';
import { selectOnMount } from '../focusOnMount';
import { FolderNameField } from './FolderNameField';

export interface RenameFolderSlideOverProps {
  /** The folder to rename (never the root). */
  folder: MediaDirectorySummary;
  /** Receives the name as saved (trimmed); the explorer follows it in the URL. */
  onRenamed?(name: string): void;
}

/**
 * Rename folder (extension), built like New folder: the name prefilled, Sluiten and Opslaan. An empty
 * name says 'Naam is een verplicht veld' and sends nothing; the server's refusal (a sibling with that
 * name, an invalid character) shows under the field, and the typed name stays.
 */
export function RenameFolderSlideOver({ folder, onRenamed }: RenameFolderSlideOverProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { close } = useSlideOver();
  const [name, setName] = useState(folder.name);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const formId = 'media-rename-folder-form';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(translate('media.rename_folder.required'));
      return;
    }
    if (trimmed === folder.name) {
      close(); // nothing changed, nothing to send
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      // Called directly rather than through useUpdate: the folder cache is keyed by path, not by this id.
      const { data } = await dataProvider.update<MediaDirectorySummary>('mediaFolders', {
        id: folder.id,
        data: { name: trimmed },
        previousData: folder,
      });
      notify('media.rename_folder.renamed', { type: 'success', messageArgs: { name: data.name } });
      close();
      onRenamed?.(data.name);
    } catch (failure) {
      setSaving(false);
      setError(
        failure instanceof HttpError && failure.message
          ? failure.message
          : translate('media.rename_folder.failed'),
      );
    }
  };

  return (
    <SlideOverPanel
      title={translate('media.rename_folder.title')}
      actions={
        <>
          <SlideOverCloseButton />
          <Button type="submit" form={formId} variant="contained" disabled={saving}>
            {translate('media.rename_folder.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Typography sx={{ mb: 2 }}>
          {translate('media.rename_folder.intro', { name: folder.name })}
        </Typography>
        <FolderNameField
          label={translate('media.rename_folder.name_label')}
          value={name}
          onChange={(typed) => {
            setName(typed);
            if (error) setError(undefined);
          }}
          error={error}
          inputRef={selectOnMount}
        />
      </form>
    </SlideOverPanel>
  );
}
