import Box, { type BoxProps } from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A list laid out as a grid of cards or tiles: a `ul` (so a screen reader counts the items) without
 * bullets or indent. Its items are `li` elements, e.g. `<Card component="li">`.
 */
export function GridList({
  columns,
  gap = 2,
  label,
  marginTop,
  children,
}: {
  columns: BoxProps['gridTemplateColumns'];
  gap?: number;
  /** The list's accessible name, where no heading names it. */
  label?: string;
  marginTop?: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: marginTop,
        display: 'grid',
        gap,
        gridTemplateColumns: columns,
      }}
    >
      {children}
    </Box>
  );
}
