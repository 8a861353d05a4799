import type { SenderSettings } from '@contract/sending';
import { email, maxLength } from 'react-admin';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';

// The sender's own parts load with its settings pages, not with the login screen.
const sending = () => import('../../custom/sending');
const SendingDomainRecords = lazyView(sending, 'SendingDomainRecords');
const SenderStatus = lazyView(sending, 'SenderStatus');

const back = { to: '/settings/', label: 'app.settings.back' };
const address = [email('app.sending.invalid_address'), maxLength(254)];

/**
 * Who the environment's messages come from and the domain they are sent and signed from (extensions):
 * one record per environment, on two pages under /settings/ whose cards are on the settings overview.
 * The domain page shows the DNS records to create and the check ('Controleren') below its form.
 */
export const sender = defineResource<SenderSettings>()({
  name: 'sender',
  label: { one: 'app.sending.one', many: 'app.sending.many' },
  singleton: true,
  api: {
    getOne: { method: 'GET', path: '/sender' },
    actions: {
      saveSender: { method: 'PUT', path: '/sender', body: ['senderName', 'senderAddress', 'replyToAddress'] },
      saveDomain: { method: 'PUT', path: '/sender/domain', body: { domain: 'domainName' } },
      checkDomain: { method: 'POST', path: '/sender/domain/check' },
      rotateKey: { method: 'POST', path: '/sender/domain/rotate' },
    },
  },
  fields: [
    {
      source: 'senderName',
      label: 'app.sending.fields.senderName',
      helperText: 'app.sending.help.senderName',
      kind: 'text',
      validate: maxLength(100),
    },
    {
      source: 'senderAddress',
      label: 'app.sending.fields.senderAddress',
      helperText: 'app.sending.help.senderAddress',
      kind: 'email',
      validate: address,
    },
    {
      source: 'replyToAddress',
      label: 'app.sending.fields.replyToAddress',
      helperText: 'app.sending.help.replyToAddress',
      kind: 'email',
      validate: address,
    },
  ],
  views: {
    forms: {
      sender: {
        as: 'page',
        title: 'app.sending.sender.title',
        description: 'app.sending.sender.intro',
        back,
        fields: ['senderName', 'senderAddress', 'replyToAddress'],
        sections: [{ component: SenderStatus }],
        save: { action: 'saveSender' },
        successMessage: 'app.settings.saved',
      },
      domain: {
        as: 'page',
        title: 'app.sending.domain.title',
        description: 'app.sending.domain.intro',
        back,
        fields: [
          {
            source: 'domainName',
            label: 'app.sending.fields.domain',
            helperText: 'app.sending.help.domain',
            kind: 'text',
            validate: maxLength(253),
          },
        ],
        defaultValues: ({ record }) => ({
          domainName: (record as SenderSettings | undefined)?.domain?.domain ?? '',
        }),
        sections: [{ component: SenderStatus }, { component: SendingDomainRecords }],
        save: { action: 'saveDomain' },
        successMessage: 'app.sending.domain.saved',
      },
    },
  },
  pages: [
    { path: '/settings/sender', form: 'sender' },
    { path: '/settings/domain', form: 'domain' },
  ],
});
