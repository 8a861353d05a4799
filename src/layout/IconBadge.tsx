import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

/** A card's icon on a round badge in the primary colour; decorative, since the card names its subject. */
export function IconBadge({ icon: Icon, size = 40 }: { icon: ComponentType<SvgIconProps>; size?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <Icon aria-hidden />
    </Box>
  );
}
