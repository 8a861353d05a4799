import { createContext, useContext } from 'react';

export interface SlideOverControls {
  /** Closes this panel (the host removes it after its exit animation). */
  close(): void;
  /** Id of the panel's title, which labels the dialog. */
  titleId: string;
}

export const SlideOverContext = createContext<SlideOverControls | null>(null);

/** The controls of the panel the calling component is rendered in. */
export function useSlideOver(): SlideOverControls {
  const controls = useContext(SlideOverContext);
  if (!controls) throw new Error('useSlideOver must be used inside a panel of <SlideOverHost>');
  return controls;
}
