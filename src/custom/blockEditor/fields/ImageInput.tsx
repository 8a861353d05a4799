import type { MediaFile } from '@contract/media';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { useSession } from '../../../authProvider/useSession';
import { cdnImageUrl } from '../../media/cdnImageUrl';
import { openMediaFilePicker } from '../../media/mediaSlideOvers';
import type { ImageDraft } from '../blockDraft';
import type { FieldInputProps } from './fieldInputProps';
import { useProblemText } from './useProblemText';

const thumbnailSize = { width: 192, height: 128 };

/** An image of the media library, chosen in the 'Select media file' panel, with its alt text. */
export function ImageInput({ id, field, value, onChange, problems, readOnly }: FieldInputProps<ImageDraft>) {
  const translate = useTranslate();
  const { environmentId = '', cdnBaseUrl = '' } = useSession();
  const problemText = useProblemText(field, problems);
  const problem = problemText();
  const altProblem = problemText(`${field.name}.alt`);
  const file = useGetOne<MediaFile>('mediaFiles', { id: value.fileId }, { enabled: Boolean(value.fileId) });
  const choose = () =>
    openMediaFilePicker({
      // The alt text is not taken from the file's name: it says what the picture shows, which a name rarely does.
      onSelect: (chosen) => onChange({ ...value, fileId: chosen.id }),
    });

  return (
    <FormControl component="fieldset" error={problem !== undefined} required={field.required} fullWidth>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {field.label}
      </FormLabel>
      <Stack spacing={1.5}>
        <Box
          sx={{
            width: thumbnailSize.width,
            height: thumbnailSize.height,
            flexShrink: 0,
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {file.data ? (
            <img
              src={cdnImageUrl(cdnBaseUrl, environmentId, file.data, thumbnailSize)}
              alt={value.decorative ? '' : value.alt}
              width={thumbnailSize.width}
              height={thumbnailSize.height}
              style={{ objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlinedIcon color="disabled" fontSize="large" />
          )}
        </Box>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" data-testid="chosen-image-name">
            {value.fileId
              ? (file.data?.name ?? translate('app.publications.editor.image.chosen'))
              : translate('app.publications.editor.image.none')}
          </Typography>
          {readOnly ? null : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" onClick={choose}>
                {translate(
                  value.fileId
                    ? 'app.publications.editor.image.change'
                    : 'app.publications.editor.image.choose',
                  { field: field.label },
                )}
              </Button>
              {value.fileId ? (
                <Button onClick={() => onChange({ fileId: '', alt: '', decorative: false })}>
                  {translate('app.publications.editor.image.remove')}
                </Button>
              ) : null}
            </Stack>
          )}
          {value.fileId && !value.decorative ? (
            <TextField
              id={`${id}-alt`}
              label={translate('app.publications.editor.image.alt')}
              value={value.alt}
              onChange={(event) => onChange({ ...value, alt: event.target.value })}
              error={altProblem !== undefined}
              helperText={altProblem ?? translate('app.publications.editor.image.alt_help')}
              required
              size="small"
              fullWidth
              slotProps={{ input: { readOnly } }}
            />
          ) : null}
          {value.fileId ? (
            <FormControlLabel
              control={
                <Checkbox
                  checked={value.decorative}
                  disabled={readOnly}
                  onChange={(event) => onChange({ ...value, decorative: event.target.checked })}
                />
              }
              label={translate('app.publications.editor.image.decorative')}
            />
          ) : null}
        </Stack>
      </Stack>
      {problem ? <FormHelperText>{problem}</FormHelperText> : null}
    </FormControl>
  );
}
