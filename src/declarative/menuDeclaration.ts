import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

/** Who sees a sidebar entry beyond everyone signed in. */
export type MenuCondition =
  /** Users with more than one available environment. */
  | 'severalEnvironments'
  /** Platform administrators (PLATFORM_ADMINS / PLATFORM_ADMIN_ROLE on the server). */
  | 'platformAdmin'
  /** A server that keeps sent mail in its embedded catcher (outside production, no SMTP_URL). */
  | 'mailCatcher';

/**
 * A sidebar entry, written on the declaration of the page it opens (as refine's `meta`): the sidebar
 * is derived from the declarations, so a page and its entry are added in one place.
 */
export interface MenuDeclaration {
  /** i18n key of the label, e.g. 'app.menu.jobs'. */
  label: string;
  icon: ComponentType<SvgIconProps>;
  /** Place in its list, lowest first (the spec's order, §2). */
  order: number;
  /** In the list pinned to the bottom of the sidebar (Instellingen) rather than the areas at the top. */
  pinned?: boolean;
  shownWhen?: MenuCondition;
  /** A count beside the label that asks for attention (requests waiting for approval); it reads it itself. */
  badge?: ComponentType;
}

/** A sidebar entry with the path it opens and highlights. */
export interface MenuEntry extends MenuDeclaration {
  path: string;
}
