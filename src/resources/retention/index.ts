import type { RetentionSettings } from '@contract/privacy';
import { maxValue, minValue, required } from 'react-admin';
import { defineResource } from '../../declarative/resourceDeclaration';

const months = [required(), minValue(1), maxValue(120)];

/**
 * The environment's 'Bewaartermijnen' (AVG): how long form answers and RSVP answers are kept, and whether
 * subscribers who got nothing for a long time leave their lists. A page under /settings/; a daily duty on
 * the server applies them (privacy/retention.ts).
 */
export const retention = defineResource<RetentionSettings>()({
  name: 'retention',
  label: { one: 'app.privacy.retention.title', many: 'app.privacy.retention.title' },
  singleton: true,
  api: {
    getOne: { method: 'GET', path: '/retention' },
    actions: {
      save: {
        method: 'PUT',
        path: '/retention',
        body: ['formAnswerMonths', 'rsvpAnswerMonths', 'inactiveSubscriberMonths'],
      },
    },
  },
  fields: [
    {
      source: 'formAnswerMonths',
      label: 'app.privacy.retention.fields.formAnswerMonths',
      helperText: 'app.privacy.retention.help.formAnswerMonths',
      kind: 'number',
      validate: months,
    },
    {
      source: 'rsvpAnswerMonths',
      label: 'app.privacy.retention.fields.rsvpAnswerMonths',
      helperText: 'app.privacy.retention.help.rsvpAnswerMonths',
      kind: 'number',
      validate: months,
    },
  ],
  views: {
    forms: {
      retention: {
        as: 'page',
        title: 'app.privacy.retention.title',
        description: 'app.privacy.retention.intro',
        back: { to: '/settings/', label: 'app.settings.back' },
        fields: [
          'formAnswerMonths',
          'rsvpAnswerMonths',
          {
            source: 'removeInactive',
            label: 'app.privacy.retention.fields.removeInactive',
            helperText: 'app.privacy.retention.help.removeInactive',
            kind: 'boolean',
          },
          {
            source: 'inactiveSubscriberMonths',
            label: 'app.privacy.retention.fields.inactiveSubscriberMonths',
            helperText: 'app.privacy.retention.help.inactiveSubscriberMonths',
            kind: 'number',
            when: ({ values }) => values.removeInactive === true,
            validate: months,
          },
        ],
        defaultValues: ({ record }) => {
          const saved = (record as RetentionSettings | undefined)?.inactiveSubscriberMonths ?? null;
          return { removeInactive: saved !== null, inactiveSubscriberMonths: saved ?? 24 };
        },
        transform: ({ formAnswerMonths, rsvpAnswerMonths, removeInactive, inactiveSubscriberMonths }) => ({
          formAnswerMonths,
          rsvpAnswerMonths,
          inactiveSubscriberMonths: removeInactive ? inactiveSubscriberMonths : null,
        }),
        save: { action: 'save' },
        successMessage: 'app.privacy.retention.saved',
      },
    },
  },
  pages: [{ path: '/settings/retention', form: 'retention' }],
});
