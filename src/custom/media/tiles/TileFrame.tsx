import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';

export interface TileFrameProps {
  /** The square picture area: a preview, or an icon on a tinted background. */
  visual: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** What screen readers announce for the whole tile. */
  ariaLabel: string;
  onClick(): void;
  selected?: boolean;
  /** Shown as a tooltip when the title is cut off. */
  fullTitle?: string;
  testId?: string;
}

/** The shape every gallery tile shares: a square visual with a caption, clickable as a whole. */
export function TileFrame({
  visual,
  title,
  subtitle,
  ariaLabel,
  onClick,
  selected,
  fullTitle,
  testId,
}: TileFrameProps) {
  return (
    <Card
      variant="outlined"
      data-testid={testId}
      sx={{
        borderColor: selected ? 'primary.main' : undefined,
        boxShadow: selected ? (theme) => `0 0 0 2px ${theme.palette.primary.main}` : undefined,
      }}
    >
      <CardActionArea
        onClick={onClick}
        aria-label={ariaLabel}
        aria-pressed={selected}
        sx={{ height: '100%' }}
      >
        <Box
          sx={{
            aspectRatio: '1 / 1',
            bgcolor: 'grey.100',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {visual}
        </Box>
        {/* Spaces between the parts, so that what the tile shows reads as words ('PDF jaarplan 2,3 KB'),
            as speech input and axe's label-in-name check read it, not as 'PDFjaarplan2,3 KB'. */}{' '}
        <Box sx={{ px: 1.25, py: 1, minHeight: 56 }}>
          {/* A file name is shown whole (it may be long, 'werkzaamheden-dorpsstraat'): it wraps, at its
              hyphens and dots first, instead of ending in an ellipsis. */}
          <Typography variant="body2" title={fullTitle} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>{' '}
          {subtitle ? (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
      </CardActionArea>
    </Card>
  );
}
