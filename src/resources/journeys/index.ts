import type { ApprovalRequest } from '@contract/approval';
import type { Journey } from '@contract/journeys';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import { required } from 'react-admin';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import { createElement } from 'react';
import { TriggerKindNames } from '../../custom/journeys/TriggerKindNames';
import { journeyPoll } from '../../custom/journeys/journeyPoll';
import { answers } from '../../declarative/apiMapping';
import type { StepCount, TimelineEntry } from '@contract/journeys';

// The editor loads on first use, not with the login screen.
const JourneyEditor = lazyView(() => import('../../custom/journeys/JourneyEditor'), 'JourneyEditor');

/**
 * Journeys (issue 26): the table at /journeys/ with 'Nieuwe journey', and a journey's page at
 * /journeys/{id}: its header pauses, resumes and stops it (declared runs, confirmed), and its one custom
 * section edits triggers, steps and settings (custom/journeys/).
 */
export const journeys = defineResource<Journey>()({
  name: 'journeys',
  label: { one: 'app.journeys.one', many: 'app.journeys.many' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/journeys' },
    getOne: { method: 'GET', path: '/journeys/{id}' },
    create: { method: 'POST', path: '/journeys', body: ['name'] },
    update: { method: 'PUT', path: '/journeys/{id}', body: ['name', 'graph'] },
    delete: { method: 'DELETE', path: '/journeys/{id}' },
    actions: {
      publish: { method: 'POST', path: '/journeys/{id}/publish', body: ['moves'] },
      // 'Publiceren' while 'Goedkeuring' covers journeys: a request another member approves.
      requestApproval: answers<ApprovalRequest>({
        method: 'POST',
        path: '/journeys/{id}/approvalrequests',
        body: ['moves'],
      }),
      pause: { method: 'POST', path: '/journeys/{id}/pause' },
      resume: { method: 'POST', path: '/journeys/{id}/resume' },
      stop: { method: 'POST', path: '/journeys/{id}/stop' },
      steps: answers<StepCount[]>({
        method: 'GET',
        path: '/journeys/{id}/steps',
        // People move on the server's ticker: read again while someone is on a step.
        poll: { every: journeyPoll.every, while: (counts) => counts.some((count) => count.now > 0) },
      }),
      timeline: answers<TimelineEntry[]>({
        method: 'GET',
        path: '/journeys/{id}/timeline',
        query: ['email'],
      }),
      enroll: answers<{ enrolled: number }>({
        method: 'POST',
        path: '/journeys/{id}/enroll',
        body: ['listId', 'audienceId'],
      }),
    },
  },
  fields: [
    {
      source: 'name',
      label: 'app.journeys.fields.name',
      kind: 'text',
      validate: required('app.journeys.required_name'),
    },
    { source: 'state', label: 'app.journeys.fields.state', kind: 'text' },
    { source: 'triggerKinds', label: 'app.journeys.fields.triggerKinds', kind: 'text' },
    { source: 'activePeople', label: 'app.journeys.fields.activePeople', kind: 'number' },
    { source: 'lastError', label: 'app.journeys.fields.lastError', kind: 'text' },
    { source: 'createdAt', label: 'app.journeys.fields.createdAt', kind: 'date' },
  ],
  views: {
    list: {
      title: 'app.journeys.title',
      columns: [
        'name',
        'state',
        {
          source: 'triggerKinds',
          sortable: false,
          render: (journey) => createElement(TriggerKindNames, { kinds: journey.triggerKinds ?? [] }),
        },
        { source: 'activePeople', sortable: false },
        // On a phone a journey's error stays in view under its state.
        { source: 'lastError', sortable: false, phoneUnder: 'state' },
      ],
      sort: { field: 'name', order: 'ASC' },
      rowClick: 'show',
      empty: 'app.journeys.empty',
    },
    show: {
      back: { to: '/journeys/', label: 'app.journeys.back' },
      flags: [{ label: 'app.journeys.draft', when: (journey) => journey.hasDraft, color: 'warning' }],
      summary: [{ source: 'state' }],
      // Changes of state with consequences are asked first; 'Stoppen' cannot be undone.
      actions: [
        {
          label: 'app.journeys.states.pause',
          when: (journey) => journey.state === 'Actief',
          run: {
            action: 'pause',
            confirm: {
              title: 'app.journeys.states.pause_title',
              content: 'app.journeys.states.pause_content',
              confirmLabel: 'app.journeys.states.pause',
            },
            successMessage: 'app.journeys.states.paused',
          },
        },
        {
          label: 'app.journeys.states.resume',
          when: (journey) => journey.state === 'Gepauzeerd',
          run: { action: 'resume', successMessage: 'app.journeys.states.resumed' },
        },
        {
          label: 'app.journeys.states.stop',
          when: (journey) => journey.state === 'Actief' || journey.state === 'Gepauzeerd',
          run: {
            action: 'stop',
            confirm: {
              title: 'app.journeys.states.stop_title',
              content: 'app.journeys.states.stop_content',
              confirmLabel: 'app.journeys.states.stop',
            },
            successMessage: 'app.journeys.states.stopped',
          },
        },
      ],
      sections: [{ component: JourneyEditor }],
      notFound: 'app.journeys.not_found',
      maxWidth: 1100,
      poll: journeyPoll,
    },
    create: {
      as: 'slideOver',
      slideOverType: 'newJourney',
      title: 'app.journeys.create',
      fields: ['name'],
      redirect: (journey) => `/journeys/${journey.id}`,
    },
  },
  routes: { list: '/journeys/', show: '/journeys/:id' },
  menu: { label: 'app.menu.journeys', icon: RouteOutlinedIcon, order: 45 },
});
