import type { ComponentType } from 'react';

/**
 * A panel component. Its props arrive in the event detail at run time, so TypeScript cannot check
 * them: `never` accepts a component with any props, and the opener sends what the panel declares.
 */
export type SlideOverComponent = ComponentType<never>;

/** Slide-over type -> panel component. */
export type SlideOverRegistry = Readonly<Record<string, SlideOverComponent>>;
