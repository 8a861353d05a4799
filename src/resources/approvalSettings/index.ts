import type { ApprovalSetting } from '@contract/approval';
import { minValue, required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';

/** The one record of the environment's 'Goedkeuring' (the API answers it without an id). */
export type ApprovalSettingRecord = ApprovalSetting & { id: 'approval'; required: boolean };

const asRecord = (answer: unknown): ApprovalSettingRecord => {
  const setting = answer as ApprovalSetting;
  return { ...setting, required: setting.minRecipients !== null, id: 'approval' };
};

/**
 * The environment's 'Goedkeuring' (issue 39): off, or from how many recipients a send waits for another
 * member's approval, and whether publishing a journey does. A page under /settings/ with a card on the
 * settings overview.
 */
export const approvalSettings = defineResource<ApprovalSettingRecord>()({
  name: 'approvalSettings',
  label: { one: 'app.approval.settings.title', many: 'app.approval.settings.title' },
  singleton: true,
  api: {
    getOne: { method: 'GET', path: '/approval-settings', response: asRecord },
    actions: {
      save: {
        method: 'PUT',
        path: '/approval-settings',
        body: ['minRecipients', 'journeys'],
        response: asRecord,
      },
    },
  },
  fields: [
    {
      source: 'required',
      label: 'app.approval.settings.fields.required',
      helperText: 'app.approval.settings.help.required',
      kind: 'boolean',
    },
    {
      source: 'minRecipients',
      label: 'app.approval.settings.fields.minRecipients',
      helperText: 'app.approval.settings.help.minRecipients',
      kind: 'number',
      when: ({ values }) => values.required === true,
      validate: [
        required('app.approval.settings.min_required'),
        minValue(1, 'app.approval.settings.min_positive'),
      ],
    },
    {
      source: 'journeys',
      label: 'app.approval.settings.fields.journeys',
      helperText: 'app.approval.settings.help.journeys',
      kind: 'boolean',
    },
  ],
  views: {
    forms: {
      approval: {
        as: 'page',
        title: 'app.approval.settings.title',
        description: 'app.approval.settings.intro',
        back: { to: '/settings/', label: 'app.settings.back' },
        fields: ['required', 'minRecipients', 'journeys'],
        transform: ({ required: on, minRecipients, journeys }) => ({
          minRecipients: on ? Number(minRecipients) : null,
          journeys: journeys === true,
        }),
        save: { action: 'save' },
        successMessage: 'app.approval.settings.saved',
      },
    },
  },
  pages: [{ path: '/settings/approval', form: 'approval' }],
  // Whether a send or a journey's publishing needs approval follows the setting.
  invalidates: ['publications', 'journeys'],
});
