import { memberRoleLabels, type MemberRoleName } from './memberRoles';

/**
 * Who may call an operation: a member with at least that role, anyone (`public`), anyone signed in
 * without an environment (`signedIn`), or a platform administrator (`platformAdmin`).
 */
export type OperationAccess = MemberRoleName | 'public' | 'signedIn' | 'platformAdmin';

/**
 * Every operation of the API (`METHOD /path` as docs/api/openapi.json writes it) and the least role
 * that may call it. The server enforces it (routes/scope.ts), the document states it (`x-role`), the
 * console shows what a member may do from it, and docs/administration/roles-approval-log.md lists it.
 * A new route needs its line here: tests/server/operationRoles.test.ts fails without one.
 */
export const operationRoles = {
  'GET /api/1/environment/info': 'public',
  'GET /api/1/environments/environment/{environmentId}/available': 'signedIn',
  'POST /api/1/users': 'signedIn',
  'GET /api/1/platform/me': 'signedIn',
  'GET /api/1/platform/environments': 'platformAdmin',
  'POST /api/1/platform/environments': 'platformAdmin',
  'GET /api/1/platform/environments/{id}/members': 'platformAdmin',
  'POST /api/1/platform/environments/{id}/members': 'platformAdmin',
  'PUT /api/1/platform/environments/{id}/members/{userId}': 'platformAdmin',
  'DELETE /api/1/platform/environments/{id}/members/{userId}': 'platformAdmin',
  'GET /api/1/{environmentId}/themes': 'reader',
  'POST /api/1/{environmentId}/themes': 'administrator',
  'GET /api/1/{environmentId}/themes/{themeId}': 'reader',
  'PUT /api/1/{environmentId}/themes/{themeId}': 'administrator',
  'GET /api/1/{environmentId}/themes/{themeId}/fonts': 'reader',
  'POST /api/1/{environmentId}/themes/{themeId}/fonts': 'administrator',
  'DELETE /api/1/{environmentId}/themes/{themeId}/fonts/{fontId}': 'administrator',
  'GET /api/1/{environmentId}/media/{path}': 'reader',
  'POST /api/1/{environmentId}/directory': 'editor',
  'PUT /api/1/{environmentId}/directory/{directoryId}': 'editor',
  'DELETE /api/1/{environmentId}/directory/{directoryId}': 'editor',
  'POST /api/1/{environmentId}/directory/{directoryId}/file': 'editor',
  'GET /api/1/{environmentId}/file/{fileId}': 'reader',
  'PUT /api/1/{environmentId}/file/{fileId}': 'editor',
  'DELETE /api/1/{environmentId}/file/{fileId}': 'editor',
  'GET /api/1/{environmentId}/file/{fileId}/usage': 'reader',
  'GET /api/1/{environmentId}/file/{fileId}/download': 'reader',
  'GET /api/1/{environmentId}/tags/{entity}/{entityId}': 'reader',
  'POST /api/1/{environmentId}/tags/{entity}/{entityId}': 'editor',
  'DELETE /api/1/{environmentId}/tags/{entity}/{entityId}/{tagId}': 'editor',
  'GET /api/1/{environmentId}/publicationtypes/': 'reader',
  'GET /api/1/{environmentId}/publicationtypes/{id}': 'reader',
  'GET /api/1/{environmentId}/publications/': 'reader',
  'POST /api/1/{environmentId}/publications/': 'editor',
  'GET /api/1/{environmentId}/publications/{id}': 'reader',
  'PUT /api/1/{environmentId}/publications/{id}': 'editor',
  'DELETE /api/1/{environmentId}/publications/{id}': 'editor',
  'POST /api/1/{environmentId}/publications/{id}/duplicate': 'editor',
  'GET /api/1/{environmentId}/publications/{id}/deliver-check': 'reader',
  'GET /api/1/{environmentId}/publications/{id}/blocks': 'reader',
  'POST /api/1/{environmentId}/publications/{publicationId}/type/{publicationTypeId}/{blockType}/dynamic':
    'editor',
  'PUT /api/1/{environmentId}/publications/{id}/blocks/order': 'editor',
  'GET /api/1/{environmentId}/publications/{id}/blocks/{blockId}': 'reader',
  'PUT /api/1/{environmentId}/publications/{id}/blocks/{blockId}': 'editor',
  'DELETE /api/1/{environmentId}/publications/{id}/blocks/{blockId}': 'editor',
  'GET /api/1/{environmentId}/publications/{id}/variants': 'reader',
  'POST /api/1/{environmentId}/publications/{id}/variants': 'editor',
  'DELETE /api/1/{environmentId}/publications/{id}/variants/{variantId}': 'editor',
  'GET /api/1/{environmentId}/publications/{id}/render': 'reader',
  'POST /api/1/{environmentId}/deliveryjobs': 'sender',
  'GET /api/1/{environmentId}/deliveryjobs': 'reader',
  'GET /api/1/{environmentId}/deliveryjobs/{id}': 'reader',
  'POST /api/1/{environmentId}/deliveryjobs/{id}/cancel': 'sender',
  'PUT /api/1/{environmentId}/deliveryjobs/{id}/schedule': 'sender',
  'GET /api/1/{environmentId}/deliveryjobs/{id}/recipients': 'reader',
  'GET /api/1/{environmentId}/lists/': 'reader',
  'GET /api/1/{environmentId}/list/manual/{listId}': 'reader',
  'PUT /api/1/{environmentId}/list/manual/{listId}': 'editor',
  'DELETE /api/1/{environmentId}/list/manual/{listId}': 'editor',
  'GET /api/1/{environmentId}/list/manual/{listId}/export': 'reader',
  'POST /api/1/{environmentId}/list/manual': 'editor',
  'PUT /api/1/{environmentId}/list/manual/{listId}/attributes': 'editor',
  'GET /api/1/{environmentId}/list/manual/{listId}/subscribers': 'reader',
  'GET /api/1/{environmentId}/list/manual/{listId}/subscriber/{subscriberId}': 'reader',
  'PUT /api/1/{environmentId}/list/manual/{listId}/subscriber/{subscriberId}': 'editor',
  'DELETE /api/1/{environmentId}/list/manual/{listId}/subscriber/{subscriberId}': 'editor',
  'POST /api/1/{environmentId}/list/manual/{listId}/subscriber': 'editor',
  'POST /api/1/{environmentId}/list/manual/{listId}/imports/preview': 'editor',
  'POST /api/1/{environmentId}/list/manual/{listId}/imports': 'editor',
  'GET /api/1/{environmentId}/list/manual/{listId}/imports': 'reader',
  'GET /api/1/{environmentId}/list/manual/{listId}/imports/{importId}': 'reader',
  'POST /api/1/{environmentId}/list/manual/{listId}/imports/{importId}/cancel': 'editor',
  'GET /api/1/{environmentId}/list/manual/{listId}/imports/{importId}/refusals': 'reader',
  'GET /api/1/{environmentId}/list/manual/{listId}/imports/{importId}/refused.csv': 'reader',
  'GET /api/1/{environmentId}/unsubscribers': 'reader',
  'POST /api/1/{environmentId}/unsubscribers': 'editor',
  'GET /api/1/{environmentId}/unsubscribers/removals': 'reader',
  'DELETE /api/1/{environmentId}/unsubscribers/{id}': 'editor',
  'GET /api/1/{environmentId}/audiences/': 'reader',
  'GET /api/1/{environmentId}/audience/{id}': 'reader',
  'PUT /api/1/{environmentId}/audience/{id}': 'editor',
  'DELETE /api/1/{environmentId}/audience/{id}': 'editor',
  'GET /api/1/{environmentId}/audience/{id}/recipients/count': 'reader',
  'POST /api/1/{environmentId}/audience': 'editor',
  'POST /api/1/{environmentId}/audience/{id}/lists/add': 'editor',
  'DELETE /api/1/{environmentId}/audiencelist/{id}': 'editor',
  'POST /api/1/{environmentId}/audiencelist/{id}/filter': 'editor',
  'DELETE /api/1/{environmentId}/audiencelist/{id}/filter/{filterId}': 'editor',
  'GET /api/1/{environmentId}/flows': 'reader',
  'POST /api/1/{environmentId}/flows': 'editor',
  'GET /api/1/{environmentId}/flows/{id}': 'reader',
  'PUT /api/1/{environmentId}/flows/{id}': 'editor',
  'DELETE /api/1/{environmentId}/flows/{id}': 'editor',
  'GET /api/1/{environmentId}/flows/{flowId}/fields': 'reader',
  'POST /api/1/{environmentId}/flows/{flowId}/fields': 'editor',
  'PUT /api/1/{environmentId}/flows/{flowId}/fields/order': 'editor',
  'GET /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}': 'reader',
  'PUT /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}': 'editor',
  'DELETE /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}': 'editor',
  'GET /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}/options': 'reader',
  'POST /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}/options': 'editor',
  'PUT /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}/options/order': 'editor',
  'GET /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}/options/{optionId}': 'reader',
  'PUT /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}/options/{optionId}': 'editor',
  'DELETE /api/1/{environmentId}/flows/{flowId}/fields/{fieldId}/options/{optionId}': 'editor',
  'GET /api/1/{environmentId}/flows/{flowId}/submissions': 'reader',
  'GET /api/1/{environmentId}/flows/{flowId}/counts': 'reader',
  'GET /api/1/{environmentId}/flows/{flowId}/submissions/csv': 'reader',
  'POST /api/1/{environmentId}/publications/{id}/test-sends': 'editor',
  'GET /api/1/{environmentId}/mail-catcher/messages': 'reader',
  'GET /api/1/{environmentId}/mail-catcher/messages/{id}': 'reader',
  'GET /api/1/{environmentId}/sender': 'reader',
  'PUT /api/1/{environmentId}/sender': 'administrator',
  'PUT /api/1/{environmentId}/sender/domain': 'administrator',
  'POST /api/1/{environmentId}/sender/domain/check': 'administrator',
  'POST /api/1/{environmentId}/sender/domain/rotate': 'administrator',
  'GET /api/1/{environmentId}/platform/me': 'reader',
  'GET /api/1/{environmentId}/platform/environments': 'platformAdmin',
  'POST /api/1/{environmentId}/platform/environments': 'platformAdmin',
  'GET /api/1/{environmentId}/platform/environments/{id}/members': 'platformAdmin',
  'POST /api/1/{environmentId}/platform/environments/{id}/members': 'platformAdmin',
  'PUT /api/1/{environmentId}/platform/environments/{id}/members/{userId}': 'platformAdmin',
  'DELETE /api/1/{environmentId}/platform/environments/{id}/members/{userId}': 'platformAdmin',
  'GET /api/1/{environmentId}/members': 'reader',
  'PUT /api/1/{environmentId}/members/{userId}': 'administrator',
  // A ticket only opens a download GET the member may read anyway (all 'reader'): a Lezer downloads too.
  'POST /api/1/{environmentId}/download-ticket': 'reader',
  'GET /api/1/{environmentId}/publications/{id}/rsvp': 'reader',
  'PUT /api/1/{environmentId}/publications/{id}/rsvp': 'editor',
  'GET /api/1/{environmentId}/publications/{id}/rsvp/summary': 'reader',
  'GET /api/1/{environmentId}/publications/{id}/rsvp/invitees': 'reader',
  'PUT /api/1/{environmentId}/publications/{id}/rsvp/invitees/{inviteeId}': 'editor',
  'GET /api/1/{environmentId}/publications/{id}/rsvp/invitees/csv': 'reader',
  'GET /api/1/{environmentId}/measuring': 'reader',
  'PUT /api/1/{environmentId}/measuring': 'administrator',
  'GET /api/1/{environmentId}/publications/{id}/measuring': 'reader',
  'PUT /api/1/{environmentId}/publications/{id}/measuring': 'editor',
  'GET /api/1/{environmentId}/publications/{id}/analytics': 'reader',
  'GET /api/1/{environmentId}/publications/{id}/analytics/recipients': 'reader',
  'GET /api/1/{environmentId}/publications/{id}/analytics/recipients/csv': 'reader',
  'GET /api/1/{environmentId}/journeys': 'reader',
  'POST /api/1/{environmentId}/journeys': 'editor',
  'GET /api/1/{environmentId}/journeys/{id}': 'reader',
  'PUT /api/1/{environmentId}/journeys/{id}': 'editor',
  'DELETE /api/1/{environmentId}/journeys/{id}': 'editor',
  'POST /api/1/{environmentId}/journeys/{id}/publish': 'sender',
  'POST /api/1/{environmentId}/journeys/{id}/approvalrequests': 'editor',
  'POST /api/1/{environmentId}/journeys/{id}/pause': 'sender',
  'POST /api/1/{environmentId}/journeys/{id}/resume': 'sender',
  'POST /api/1/{environmentId}/journeys/{id}/stop': 'sender',
  'POST /api/1/{environmentId}/journeys/{id}/enroll': 'sender',
  'GET /api/1/{environmentId}/journeys/{id}/steps': 'reader',
  'GET /api/1/{environmentId}/journeys/{id}/enrollments': 'reader',
  'GET /api/1/{environmentId}/journeys/{id}/timeline': 'reader',
  'GET /cdn/{environmentId}/{file}': 'public',
  'GET /f/{environmentId}/{flowId}': 'public',
  'POST /f/{environmentId}/{flowId}': 'public',
  // Sign-up forms (issue 38): staff manage them like the console's other forms.
  'GET /api/1/{environmentId}/signupforms': 'reader',
  'POST /api/1/{environmentId}/signupforms': 'editor',
  'GET /api/1/{environmentId}/signupforms/{signUpFormId}': 'reader',
  'PUT /api/1/{environmentId}/signupforms/{signUpFormId}': 'editor',
  'DELETE /api/1/{environmentId}/signupforms/{signUpFormId}': 'editor',
  'GET /api/1/{environmentId}/list/manual/{listId}/subscriber/{subscriberId}/consentproofs': 'reader',
  // A person's data (AVG): everyone may look and export; only a Beheerder erases.
  'GET /api/1/{environmentId}/persons': 'reader',
  'GET /api/1/{environmentId}/person': 'reader',
  'GET /api/1/{environmentId}/person/export.json': 'reader',
  'GET /api/1/{environmentId}/person/export.html': 'reader',
  'POST /api/1/{environmentId}/person/erase': 'administrator',
  'GET /api/1/{environmentId}/retention': 'reader',
  'PUT /api/1/{environmentId}/retention': 'administrator',
  // A sign-up form's hosted page and its mailed confirmation: anyone (bounded and rate-limited).
  'GET /s/{environmentId}/{signUpFormId}': 'public',
  'POST /s/{environmentId}/{signUpFormId}': 'public',
  'GET /s/{environmentId}/{signUpFormId}/bevestigen/{token}': 'public',
  'POST /s/{environmentId}/{signUpFormId}/bevestigen/{token}': 'public',
  // The preference page: the recipient's own signed link.
  'GET /v/{environmentId}': 'public',
  'POST /v/{environmentId}/lijsten': 'public',
  'POST /v/{environmentId}/afmelden': 'public',
  'POST /v/{environmentId}/opnieuw-aanmelden': 'public',
  'GET /v/{environmentId}/bevestigen/{token}': 'public',
  'POST /v/{environmentId}/bevestigen/{token}': 'public',
  // Approval: a Redacteur asks, a Verzender or Beheerder decides, a Beheerder sets when it is needed.
  'GET /api/1/{environmentId}/approval-settings': 'reader',
  'PUT /api/1/{environmentId}/approval-settings': 'administrator',
  'GET /api/1/{environmentId}/approvalrequests': 'reader',
  'POST /api/1/{environmentId}/approvalrequests': 'editor',
  'GET /api/1/{environmentId}/approvalrequests/count': 'reader',
  'GET /api/1/{environmentId}/approvalrequests/{id}': 'reader',
  'GET /api/1/{environmentId}/approvalrequests/{id}/review': 'reader',
  'POST /api/1/{environmentId}/approvalrequests/{id}/approve': 'sender',
  'POST /api/1/{environmentId}/approvalrequests/{id}/reject': 'sender',
  // The Logboek: every member reads it; its retention is a setting.
  'GET /api/1/{environmentId}/auditlog': 'reader',
  'GET /api/1/{environmentId}/auditlog/actors': 'reader',
  'GET /api/1/{environmentId}/auditlog/export': 'reader',
  'GET /api/1/{environmentId}/auditlog/settings': 'reader',
  'PUT /api/1/{environmentId}/auditlog/settings': 'administrator',
  'GET /api/1/platform/log': 'platformAdmin',
  'GET /api/1/{environmentId}/platform/log': 'platformAdmin',
  // A/B tests: deciding sends to the rest.
  'GET /api/1/{environmentId}/deliveryjobs/{id}/abtest': 'reader',
  'POST /api/1/{environmentId}/deliveryjobs/{id}/abtest/decide': 'sender',
  'POST /api/1/{environmentId}/deliveryjobs/{id}/abtest/winner': 'sender',
  'GET /api/1/{environmentId}/publications/{id}/abtests': 'reader',
  // The public archive's setting.
  'GET /api/1/{environmentId}/public-archive': 'reader',
  'PUT /api/1/{environmentId}/public-archive': 'administrator',
} as const satisfies Record<string, OperationAccess>;

export type Operation = keyof typeof operationRoles;

/**
 * The operation key of a route: its method and its path in the document's form, from Fastify's
 * (`/publications/:id` → `/publications/{id}`, the wildcard `*` → `{path}`) or from a console
 * template. HEAD is its GET.
 */
export function operationKey(method: string, path: string): string {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const named = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
  return `${verb} ${named}`;
}

/** Who may call the operation; undefined for a route the table does not know. */
export function operationAccess(key: string): OperationAccess | undefined {
  return (operationRoles as Record<string, OperationAccess>)[key];
}

/** The sentence the document adds to an operation's description. */
export function operationAccessSentence(access: OperationAccess): string {
  switch (access) {
    case 'public':
      return 'Public: no sign-in needed.';
    case 'signedIn':
      return 'Any signed-in user.';
    case 'platformAdmin':
      return 'Platform administrators only.';
    default:
      return `Needs at least the role ${access} (${memberRoleLabels[access]}).`;
  }
}
