import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useFormContextValues } from '../../declarative/DeclaredFormContext';
import { useTranslate } from 'react-admin';
import {
  contrastPairs,
  contrastRatio,
  formatContrastRatio,
  meetsTextContrast,
  minimumTextContrast,
} from './contrast';
import { hexColor } from '../../declarative/ColorInput';

type ColorValues = Partial<
  Record<(typeof contrastPairs)[number]['foreground' | 'background'] | 'secondaryColor', string>
>;

/** A colour as typed, or the given one while it is not (yet) a full `#rrggbb`. */
const colourOr = (value: string | undefined, fallback: string) =>
  value && hexColor.test(value) ? value : fallback;

/**
 * Beside the colour inputs: the contrast of each text/background pair (WCAG AA asks 4.5:1 for normal
 * text; below that a warning), and a small publication in the colours as they are typed.
 */
export function ColorsPreview() {
  const translate = useTranslate();
  const values = useFormContextValues().values as ColorValues;
  const text = colourOr(values.textColor, '#1a1a1a');
  const background = colourOr(values.backgroundColor, '#ffffff');
  const primary = colourOr(values.primaryColor, '#1f5fa8');

  return (
    <Box component="section" aria-labelledby="colors-preview-title" sx={{ minWidth: 0 }}>
      <Typography id="colors-preview-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('app.settings.colors.contrast_title')}
      </Typography>
      <List dense disablePadding sx={{ mb: 2 }}>
        {contrastPairs.map((pair) => (
          <ContrastLine
            key={pair.key}
            label={translate(`app.settings.colors.pairs.${pair.key}`)}
            ratio={contrastRatio(values[pair.foreground] ?? '', values[pair.background] ?? '')}
          />
        ))}
      </List>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('app.settings.colors.preview_title')}
      </Typography>
      <Box
        data-testid="colors-preview"
        sx={{ bgcolor: colourOr(values.secondaryColor, '#f4f6f9'), p: { xs: 1.5, sm: 3 }, borderRadius: 1 }}
      >
        <Box sx={{ bgcolor: background, color: text, p: 2, borderRadius: 1 }}>
          <Typography component="p" sx={{ fontSize: '1.375rem', fontWeight: 700, color: 'inherit', mb: 1 }}>
            {translate('app.settings.preview.heading')}
          </Typography>
          <Typography component="p" sx={{ color: 'inherit', mb: 1.5 }}>
            {translate('app.settings.preview.text')}{' '}
            <Box
              component="span"
              sx={{ color: colourOr(values.linkColor, primary), textDecoration: 'underline' }}
            >
              {translate('app.settings.preview.link')}
            </Box>
          </Typography>
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              bgcolor: primary,
              color: colourOr(values.buttonTextColor, '#ffffff'),
              px: 2,
              py: 1,
              borderRadius: 1,
              fontWeight: 600,
            }}
          >
            {translate('app.settings.preview.button')}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function ContrastLine({ label, ratio }: { label: string; ratio: number | undefined }) {
  const translate = useTranslate();
  if (ratio === undefined) {
    return (
      <ListItem disableGutters>
        <Typography variant="body2" color="text.secondary">
          {label}: {translate('app.settings.colors.contrast_unknown')}
        </Typography>
      </ListItem>
    );
  }
  const passes = meetsTextContrast(ratio);
  const shown = formatContrastRatio(ratio);
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
      {passes ? (
        <CheckCircleOutlineIcon fontSize="small" color="success" aria-hidden sx={{ mt: 0.25 }} />
      ) : (
        <WarningAmberIcon fontSize="small" color="warning" aria-hidden sx={{ mt: 0.25 }} />
      )}
      <Box>
        <Typography variant="body2">
          {label}: <strong>{shown}</strong>
        </Typography>
        {passes ? null : (
          // An alert: readable dark text on a light background, announced as the colour is typed.
          <Alert severity="warning" icon={false} sx={{ mt: 0.5, py: 0, px: 1 }}>
            {translate('app.settings.colors.contrast_warning', {
              ratio: shown,
              minimum: formatContrastRatio(minimumTextContrast),
            })}
          </Alert>
        )}
      </Box>
    </ListItem>
  );
}
