import type { Theme } from '@contract/themes';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { selectedEnvironment } from '../../authProvider/session';
import { useSession } from '../../authProvider/useSession';
import { EnvironmentLogo } from '../../environments/EnvironmentLogo';
import { fontNameOf } from './fontFamily';
import { lineCount } from './cssErrorLine';
import { useThemeWebFonts } from './useThemeWebFonts';
import { themeColorSources } from './themeColorSources';
import { formatDutchNumber } from '../../i18n/dutchNumber';

/** The current value of each part of the theme, as the settings overview's cards show it. */

export function LogoSummary({ record }: { record: Theme }) {
  const translate = useTranslate();
  const environment = selectedEnvironment(useSession())?.environment;
  const name = environment?.name ?? translate('app.environment.unknown');
  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
      <EnvironmentLogo
        environmentId={environment?.id}
        fileIdToLogo={record.fileIdToLogo}
        name={name}
        size={48}
      />
      <Typography variant="body2" color="text.secondary">
        {translate(record.fileIdToLogo ? 'app.settings.logo.set' : 'app.settings.logo.none')}
      </Typography>
    </Stack>
  );
}

export function ColorsSummary({ record }: { record: Theme }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
      {themeColorSources.map((source) => (
        <Box
          key={source}
          title={`${translate(`app.settings.colors.fields.${source}`)}: ${record[source]}`}
          role="img"
          aria-label={`${translate(`app.settings.colors.fields.${source}`)}: ${record[source]}`}
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: record[source],
            border: 1,
            borderColor: 'divider',
          }}
        />
      ))}
    </Stack>
  );
}

export function TypographySummary({ record }: { record: Theme }) {
  const translate = useTranslate();
  const { fonts } = useThemeWebFonts(record.id);
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.settings.typography.summary', {
        heading: fontNameOf(record.headingFont, fonts) ?? '–',
        body: fontNameOf(record.bodyFont, fonts) ?? '–',
        size: record.baseSize,
        lineHeight: formatDutchNumber(record.lineHeight),
      })}
    </Typography>
  );
}

export function WebFontsSummary({ record }: { record: Theme }) {
  const translate = useTranslate();
  const { fonts, isPending } = useThemeWebFonts(record.id);
  if (isPending) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {fonts.length === 0
        ? translate('app.settings.fonts.none')
        : translate('app.settings.fonts.summary', {
            smart_count: fonts.length,
            names: fonts.map((font) => font.fontIdentifier).join(', '),
          })}
    </Typography>
  );
}

export function AdvancedSummary({ record }: { record: Theme }) {
  const translate = useTranslate();
  const css = record.advancedCss.trim();
  return (
    <Typography variant="body2" color="text.secondary">
      {css === ''
        ? translate('app.settings.advanced.none')
        : translate('app.settings.advanced.summary', { smart_count: lineCount(css) })}
    </Typography>
  );
}
