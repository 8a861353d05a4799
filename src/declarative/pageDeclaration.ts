import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import type { MenuDeclaration } from './menuDeclaration';

/**
 * A page of the console that belongs to no resource (the environments page), or a route of the spec
 * whose area is not built yet: it shows the "not yet available" page until a declaration takes it.
 */
export type PageDeclaration = { path: string; menu?: MenuDeclaration } & (
  | { component: ComponentType }
  /** Key under `app.areas` naming the area; its icon stands on the page. */
  | { notYetAvailable: string; icon: ComponentType<SvgIconProps> }
);
