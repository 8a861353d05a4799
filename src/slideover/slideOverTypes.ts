import type { ComponentType } from 'react';

/**
 * A panel component. Its props arrive in the event detail at run time: `never` accepts a component
 * with any props here, and `openSlideOver` checks the opener's props against the panel's
 * (./slideOverProps.ts).
 */
export type SlideOverComponent = ComponentType<never>;

/** Slide-over type -> panel component. */
export type SlideOverRegistry = Readonly<Record<string, SlideOverComponent>>;
