import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormContextValues } from '../../declarative/DeclaredFormContext';
import { useTranslate } from 'react-admin';
import { selectedEnvironment } from '../../authProvider/session';
import { useSession } from '../../authProvider/useSession';
import { EnvironmentLogo } from '../../environments/EnvironmentLogo';
import { publicationLogoUrl, publicationLogoWidth } from './publicationLogoUrl';

/**
 * The logo as it will be seen: at 80x80 as the sidebar shows it, and in a publication's header (160 px
 * wide on the primary colour). It follows the form, so a newly chosen file shows before it is saved.
 */
export function LogoPreview({ fileId }: { fileId: string | null }) {
  const translate = useTranslate();
  const session = useSession();
  const { primaryColor, buttonTextColor } = useFormContextValues().values as {
    primaryColor?: string;
    buttonTextColor?: string;
  };
  const environment = selectedEnvironment(session)?.environment;
  const name = environment?.name ?? translate('app.environment.unknown');

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 3, alignItems: { sm: 'flex-end' } }}>
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.settings.logo.in_sidebar')}
        </Typography>
        <EnvironmentLogo environmentId={environment?.id} fileIdToLogo={fileId} name={name} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.settings.logo.in_publication')}
        </Typography>
        <Box
          data-testid="publication-logo-preview"
          sx={{ bgcolor: primaryColor ?? 'primary.main', p: 3, borderRadius: 1, display: 'inline-block' }}
        >
          {fileId && environment && session.cdnBaseUrl !== undefined ? (
            <PublicationLogo
              src={publicationLogoUrl(session.cdnBaseUrl, environment.id, fileId)}
              alt={translate('app.environment.logo_alt', { name })}
            />
          ) : (
            <Typography
              sx={{ color: buttonTextColor ?? '#fff', fontWeight: 600, width: publicationLogoWidth }}
            >
              {name}
            </Typography>
          )}
        </Box>
      </Box>
    </Stack>
  );
}

function PublicationLogo({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState<string>();
  if (failed === src) return null;
  return (
    <img
      src={src}
      alt={alt}
      width={publicationLogoWidth}
      onError={() => setFailed(src)}
      style={{
        width: publicationLogoWidth,
        height: 'auto',
        maxHeight: publicationLogoWidth,
        display: 'block',
      }}
    />
  );
}
