import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { useSlideOver } from './SlideOverContext';

export interface SlideOverPanelProps {
  title: ReactNode;
  children?: ReactNode;
  /** The footer buttons, e.g. `<SlideOverCloseButton />` and a save button. */
  actions?: ReactNode;
}

/** The layout every slide-over shares: a title with a close icon, a scrolling body and a button row. */
export function SlideOverPanel({ title, children, actions }: SlideOverPanelProps) {
  const { close, titleId } = useSlideOver();
  const translate = useTranslate();
  return (
    <Stack sx={{ height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 3, py: 2 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <IconButton onClick={close} aria-label={translate('declarative.slideOver.closeIcon')} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 3 }}>{children}</Box>
      {actions ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, px: 3, py: 2 }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
