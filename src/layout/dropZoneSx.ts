import type { SxProps, Theme } from '@mui/material';

/**
 * The look of a file drop zone (media upload, list import): a dashed frame that lights up while a file is
 * dragged over it, and a ring when reached by keyboard.
 */
export function dropZoneSx({
  dragActive,
  busy,
  py,
}: {
  dragActive: boolean;
  busy: boolean;
  /** Its height: a zone that is the page's subject is taller than one above a grid. */
  py: { xs: number; sm: number };
}): SxProps<Theme> {
  return {
    border: 2,
    borderStyle: 'dashed',
    borderColor: dragActive ? 'primary.main' : 'grey.400',
    bgcolor: dragActive ? 'action.hover' : 'background.paper',
    borderRadius: 2,
    px: 2,
    py,
    textAlign: 'center',
    cursor: busy ? 'progress' : 'pointer',
    outline: 'none',
    '&:focus-visible': {
      borderColor: 'primary.main',
      boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.light}`,
    },
  };
}
