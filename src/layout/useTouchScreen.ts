import { useMediaQuery } from '@mui/material';

/**
 * A phone or tablet: a touch screen (coarse pointer), or a screen as narrow as a phone's (MUI's `sm`).
 * Upload areas there say 'tik': there is nothing to drag a file from.
 */
export function useTouchScreen(): boolean {
  return useMediaQuery('(pointer: coarse), (max-width: 599.95px)', { noSsr: true });
}
