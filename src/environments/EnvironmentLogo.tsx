import ApartmentIcon from '@mui/icons-material/Apartment';
import { Box } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSession } from '../authProvider/useSession';
import { environmentLogoSize, environmentLogoUrl } from './environmentLogoUrl';

interface EnvironmentLogoProps {
  environmentId?: string;
  fileIdToLogo?: string | null;
  name: string;
  size?: number;
}

/** An environment's logo from the image CDN, or a neutral placeholder when it has none (or it fails to load). */
export function EnvironmentLogo({
  environmentId,
  fileIdToLogo,
  name,
  size = environmentLogoSize,
}: EnvironmentLogoProps) {
  const translate = useTranslate();
  const { cdnBaseUrl } = useSession();
  const source =
    environmentId && fileIdToLogo && cdnBaseUrl !== undefined
      ? environmentLogoUrl(cdnBaseUrl, environmentId, fileIdToLogo, size)
      : undefined;
  const [failedSource, setFailedSource] = useState<string>();
  const frame = { width: size, height: size, borderRadius: 2, flexShrink: 0 } as const;

  if (source && source !== failedSource) {
    return (
      // A plain img: width and height as attributes reserve the space before the image arrives.
      <img
        src={source}
        alt={translate('app.environment.logo_alt', { name })}
        width={size}
        height={size}
        onError={() => setFailedSource(source)}
        style={{ width: size, height: size, borderRadius: 8, flexShrink: 0, objectFit: 'cover' }}
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={translate('app.environment.no_logo')}
      sx={{
        ...frame,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.100',
        color: 'grey.500',
        border: 1,
        borderColor: 'grey.300',
      }}
    >
      <ApartmentIcon sx={{ fontSize: size / 2 }} />
    </Box>
  );
}
