import type { ActionsOf } from '../declarative/actionsOf';
import type { ResourceDeclaration } from '../declarative/resourceDeclaration';
import type { SlideOverTypesOf } from '../declarative/slideOverTypesOf';
import { mediaFiles } from './mediaFiles';
import { mediaFolders } from './mediaFolders';
import { tags } from './tags';
import { jobs } from './jobs';
import { jobRecipients } from './jobRecipients';
import { publicationBlocks } from './publicationBlocks';
import { publicationTypes } from './publicationTypes';
import { publications } from './publications';
import { audiences } from './audiences';
import { lists } from './lists';
import { listImports } from './listImports';
import { importRefusals } from './importRefusals';
import { subscribers } from './subscribers';
import { unsubscribers } from './unsubscribers';
import { platformEnvironments } from './platformEnvironments';
import { platformMembers } from './platformMembers';
import { members } from './members';
import { flows } from './flows';
import { flowFields } from './flowFields';
import { fieldOptions } from './fieldOptions';
import { flowOptionCounts, flowSubmissions } from './flowAnswers';
import { themes } from './themes';
import { webFonts } from './webFonts';
import { caughtMessages } from './caughtMessages';
import { sender } from './sender';
import { measuring } from './measuring';
import { publicArchive } from './publicArchive';
import { rsvpInvitations } from './rsvpInvitations';
import { rsvpInvitees } from './rsvpInvitees';
import { journeys } from './journeys';
import { analyticsRecipients } from './analyticsRecipients';
import { signUpForms } from './signUpForms';
import { persons } from './persons';
import { retention } from './retention';
import { approvals } from './approvals';
import { approvalSettings } from './approvalSettings';
import { auditLog } from './auditLog';
import { auditLogSettings } from './auditLogSettings';
import { platformLog } from './platformLog';

/**
 * Every declared resource of the console. An area adds its folder `src/resources/<name>/` exporting
 * one declaration and lists it here; the dataProvider, routes, resources and slide-overs follow.
 * See docs/adding-a-resource.md.
 */
const declarations = [
  mediaFolders,
  mediaFiles,
  tags,
  publications,
  publicationTypes,
  publicationBlocks,
  jobs,
  jobRecipients,
  lists,
  listImports,
  importRefusals,
  subscribers,
  unsubscribers,
  signUpForms,
  audiences,
  platformEnvironments,
  platformMembers,
  members,
  flows,
  flowFields,
  fieldOptions,
  flowSubmissions,
  flowOptionCounts,
  themes,
  webFonts,
  sender,
  measuring,
  publicArchive,
  caughtMessages,
  rsvpInvitations,
  rsvpInvitees,
  journeys,
  analyticsRecipients,
  persons,
  retention,
  approvals,
  approvalSettings,
  auditLog,
  auditLogSettings,
  platformLog,
] as const;

export const resources: readonly ResourceDeclaration[] = declarations;

export { pages } from './pages';

/** The slide-over types of the declared forms, e.g. 'newManualList' or 'lists.labels'; their props are `FormViewProps`. */
export type DeclaredSlideOverType = SlideOverTypesOf<(typeof declarations)[number]>;

/** The declared named actions and what each answers, e.g. `DeclaredActions['publications']['render']`. */
export type DeclaredActions = ActionsOf<(typeof declarations)[number]>;
