import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormContextValues } from '../../declarative/DeclaredFormContext';
import { useTranslate, type RaRecord } from 'react-admin';
import { fontFamilyOf } from './fontFamily';
import { useThemeWebFonts } from './useThemeWebFonts';
import { useWebFontStylesheets } from './useWebFontStylesheets';

interface TypographyValues {
  headingFont?: string;
  bodyFont?: string;
  baseSize?: number;
  lineHeight?: number;
  textColor?: string;
  backgroundColor?: string;
  linkColor?: string;
}

/**
 * A heading and a paragraph in the fonts, size and line height as they are chosen, with the theme's
 * colours. A web font's own stylesheet is linked into the page, so the preview shows the real font.
 */
export function TypographyPreview({ record }: { record?: RaRecord }) {
  const translate = useTranslate();
  const values = useFormContextValues().values as TypographyValues;
  const { fonts } = useThemeWebFonts(record?.id === undefined ? undefined : String(record.id));
  const heading = fontFamilyOf(values.headingFont, fonts, 'heading');
  const body = fontFamilyOf(values.bodyFont, fonts, 'body');
  useWebFontStylesheets([heading.webFont?.srcUrl, body.webFont?.srcUrl].filter((href) => href !== undefined));
  const size = Number(values.baseSize) || 16;
  const lineHeight = Number(values.lineHeight) || 1.5;

  return (
    <Box component="section" aria-labelledby="typography-preview-title" sx={{ minWidth: 0 }}>
      <Typography
        id="typography-preview-title"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        {translate('app.settings.typography.preview_title')}
      </Typography>
      <Box
        data-testid="typography-preview"
        sx={{
          bgcolor: values.backgroundColor ?? '#ffffff',
          color: values.textColor ?? '#1a1a1a',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: { xs: 2, sm: 3 },
          overflowWrap: 'anywhere',
        }}
      >
        <Box
          component="p"
          data-testid="typography-preview-heading"
          style={{
            fontFamily: heading.family,
            fontSize: size * 1.75,
            lineHeight: 1.2,
            fontWeight: 700,
            margin: '0 0 12px',
          }}
        >
          {translate('app.settings.preview.heading')}
        </Box>
        <Box
          component="p"
          data-testid="typography-preview-body"
          style={{ fontFamily: body.family, fontSize: size, lineHeight, margin: 0 }}
        >
          {translate('app.settings.preview.paragraph')}{' '}
          <span style={{ color: values.linkColor, textDecoration: 'underline' }}>
            {translate('app.settings.preview.link')}
          </span>
        </Box>
      </Box>
    </Box>
  );
}
