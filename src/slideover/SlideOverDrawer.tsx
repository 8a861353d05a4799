import { Suspense, createElement, useId, useMemo, type ComponentType } from 'react';
import { Loading, useEvent } from 'react-admin';
import Drawer from '@mui/material/Drawer';
import { RecoveringErrorBoundary } from '../layout/RecoveringErrorBoundary';
import { SlideOverContext } from './SlideOverContext';
import { FailedSlideOver } from './FailedSlideOver';
import { UnknownSlideOver } from './UnknownSlideOver';
import type { SlideOverRequest } from './events';
import type { SlideOverComponent } from './slideOverTypes';

export interface SlideOverDrawerProps {
  request: SlideOverRequest;
  /** Undefined for a type nobody registered. */
  component: SlideOverComponent | undefined;
  open: boolean;
  onClose(): void;
  onExited(): void;
}

/** One panel: a drawer from the right, full width on phones; Escape and the backdrop close it too. */
export function SlideOverDrawer({ request, component, open, onClose, onExited }: SlideOverDrawerProps) {
  const titleId = useId();
  const close = useEvent(onClose);
  const controls = useMemo(() => ({ close, titleId }), [close, titleId]);
  const { type, ...props } = request;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 520 } },
        },
        transition: { onExited },
      }}
    >
      <SlideOverContext.Provider value={controls}>
        {component ? (
          // Panels load on first use (lazyView); the props come from the event detail: see SlideOverComponent.
          // A panel that breaks (its code or data cannot be fetched) fails alone, in the panel's shell.
          <RecoveringErrorBoundary fallback={(failure) => <FailedSlideOver {...failure} />}>
            <Suspense fallback={<Loading />}>
              {createElement(component as ComponentType<Record<string, unknown>>, props)}
            </Suspense>
          </RecoveringErrorBoundary>
        ) : (
          <UnknownSlideOver type={type} />
        )}
      </SlideOverContext.Provider>
    </Drawer>
  );
}
