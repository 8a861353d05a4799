import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import BrandingWatermarkOutlinedIcon from '@mui/icons-material/BrandingWatermarkOutlined';
import DynamicFormOutlinedIcon from '@mui/icons-material/DynamicFormOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import FormatListBulletedOutlinedIcon from '@mui/icons-material/FormatListBulletedOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import PermMediaOutlinedIcon from '@mui/icons-material/PermMediaOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import TextFieldsOutlinedIcon from '@mui/icons-material/TextFieldsOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

export interface SpecRoute {
  path: string;
  /** Key under `app.areas`. */
  area: string;
  icon: ComponentType<SvgIconProps>;
}

/**
 * Every route of spec §2 that an area issue fills (the redirect of '/' and /environments are the
 * shell's own). Until a resource declaration provides one, it shows the "not yet available" page.
 */
export const specRoutes: readonly SpecRoute[] = [
  { path: '/publications/', area: 'publications', icon: ArticleOutlinedIcon },
  { path: '/publications/:id', area: 'publications', icon: ArticleOutlinedIcon },
  { path: '/publications/:id/analytics', area: 'analytics', icon: BarChartOutlinedIcon },
  { path: '/publications/:id/rsvp', area: 'rsvp', icon: EventAvailableOutlinedIcon },
  { path: '/publications/:id/deliver', area: 'deliver', icon: SendOutlinedIcon },
  { path: '/recievers/', area: 'receivers', icon: GroupsOutlinedIcon },
  { path: '/recievers/lists/', area: 'lists', icon: FormatListBulletedOutlinedIcon },
  { path: '/recievers/lists/:id', area: 'lists', icon: FormatListBulletedOutlinedIcon },
  { path: '/recievers/lists/:id/import', area: 'list_import', icon: UploadFileOutlinedIcon },
  { path: '/recievers/unsubscribers/', area: 'unsubscribers', icon: PersonOffOutlinedIcon },
  { path: '/recievers/audiences/', area: 'audiences', icon: FilterAltOutlinedIcon },
  { path: '/recievers/audiences/:id', area: 'audiences', icon: FilterAltOutlinedIcon },
  { path: '/recievers/audiences/:id/:audienceName', area: 'audiences', icon: FilterAltOutlinedIcon },
  { path: '/media/*', area: 'media', icon: PermMediaOutlinedIcon },
  { path: '/journeys/', area: 'journeys', icon: RouteOutlinedIcon },
  { path: '/jobs/', area: 'jobs', icon: ScheduleSendOutlinedIcon },
  { path: '/settings/', area: 'settings', icon: SettingsOutlinedIcon },
  { path: '/settings/logo', area: 'logo', icon: BrandingWatermarkOutlinedIcon },
  { path: '/settings/colors', area: 'colors', icon: PaletteOutlinedIcon },
  { path: '/settings/typography', area: 'typography', icon: TextFieldsOutlinedIcon },
  { path: '/settings/advanced', area: 'advanced', icon: TuneOutlinedIcon },
  { path: '/forms', area: 'forms', icon: DynamicFormOutlinedIcon },
  { path: '/forms/:id', area: 'forms', icon: DynamicFormOutlinedIcon },
  { path: '/forms/:id/data', area: 'form_answers', icon: QuestionAnswerOutlinedIcon },
  { path: '/forms/:flowId/:id', area: 'form_field', icon: DynamicFormOutlinedIcon },
];
