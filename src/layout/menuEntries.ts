import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DynamicFormOutlinedIcon from '@mui/icons-material/DynamicFormOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import PermMediaOutlinedIcon from '@mui/icons-material/PermMediaOutlined';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

export interface MenuEntry {
  path: string;
  /** i18n key of the label. */
  label: string;
  icon: ComponentType<SvgIconProps>;
}

/** The sidebar's main entries, in the spec's order (§2). */
export const mainMenuEntries: readonly MenuEntry[] = [
  { path: '/publications', label: 'app.menu.publications', icon: ArticleOutlinedIcon },
  { path: '/recievers', label: 'app.menu.receivers', icon: GroupsOutlinedIcon },
  { path: '/media', label: 'app.menu.media', icon: PermMediaOutlinedIcon },
  { path: '/forms', label: 'app.menu.forms', icon: DynamicFormOutlinedIcon },
  { path: '/jobs', label: 'app.menu.jobs', icon: ScheduleSendOutlinedIcon },
];

/** Only shown to users with more than one available environment. */
export const environmentsMenuEntry: MenuEntry = {
  path: '/environments',
  label: 'app.menu.environments',
  icon: SwapHorizOutlinedIcon,
};

/** Pinned to the bottom of the sidebar. */
export const settingsMenuEntry: MenuEntry = {
  path: '/settings',
  label: 'app.menu.settings',
  icon: SettingsOutlinedIcon,
};

/** Only shown to platform administrators (PLATFORM_ADMINS / PLATFORM_ADMIN_ROLE on the server). */
export const platformMenuEntry: MenuEntry = {
  path: '/platform/environments',
  label: 'app.menu.platform',
  icon: AdminPanelSettingsOutlinedIcon,
};

/** Only shown when the server keeps sent mail in its embedded catcher (outside production, no SMTP_URL). */
export const mailCatcherMenuEntry: MenuEntry = {
  path: '/mail',
  label: 'app.menu.mail',
  icon: MarkEmailReadOutlinedIcon,
};
