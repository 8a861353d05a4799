import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSlideOver, type SlideOverType } from '../../src/slideover/events';
import { slideOverRegistry } from '../../src/slideover/registry';

/**
 * Every slide-over type, as `openSlideOver` knows it from the declarations (src/resources) and the
 * hand-written panels. The object must name each type once: a type added or gone without this list
 * following is a compile error, and the test below checks that the run-time registry has each.
 */
const everyType: Record<SlideOverType, true> = {
  addDynamicPublicationBlock: true,
  addWebFont: true,
  changeRsvpAnswer: true,
  addListToAudience: true,
  deliverPublication: true,
  duplicatePublication: true,
  erasePerson: true,
  fileDetails: true,
  newAudience: true,
  newAudienceFilter: true,
  newFieldOption: true,
  newFlow: true,
  newJourney: true,
  newFlowField: true,
  newFolder: true,
  newManualList: true,
  newPublication: true,
  newSignUpForm: true,
  newSubscriber: true,
  newUnsubscriber: true,
  'platformEnvironments.create': true,
  'publications.measuring': true,
  'platformMembers.create': true,
  rejectApprovalRequest: true,
  platformMemberRole: true,
  memberRole: true,
  removeGlobalUnsubscriber: true,
  renameFolder: true,
  rescheduleJob: true,
  rsvpSettings: true,
  selectMediaDirectory: true,
  selectMediaFile: true,
  testSendPublication: true,
  updateAudienceName: true,
  updateFieldOption: true,
  updateFlow: true,
  updateFlowField: true,
  updateListLabels: true,
  updateListName: true,
  updatePublication: true,
  updateSignUpForm: true,
  updateSubscriber: true,
};

const heard = vi.fn();

afterEach(() => {
  window.removeEventListener('slideover', heard);
  heard.mockReset();
});

describe('typed slide-overs', () => {
  it('types exactly the panels the registry has at run time', () => {
    expect(Object.keys(slideOverRegistry).sort()).toEqual(Object.keys(everyType).sort());
  });

  it('sends a checked type with its props as the slideover event', () => {
    window.addEventListener('slideover', heard);

    openSlideOver('fileDetails', { fileId: 'file-1' });
    openSlideOver('newManualList');

    expect(heard.mock.calls.map(([event]) => (event as CustomEvent).detail)).toEqual([
      { type: 'fileDetails', fileId: 'file-1' },
      { type: 'newManualList' },
    ]);
  });

  it('refuses a wrong type or wrong props at compile time', () => {
    // Each line is checked by `npm run typecheck`: without its error, the directive itself fails.
    const misuses = [
      // @ts-expect-error: no panel is registered as 'newManualLists'
      () => openSlideOver('newManualLists'),
      // @ts-expect-error: File details needs the file's id
      () => openSlideOver('fileDetails'),
      // @ts-expect-error: the file's id is a string
      () => openSlideOver('fileDetails', { fileId: 7 }),
      // @ts-expect-error: a declared form takes record, meta and onSaved, not its fields
      () => openSlideOver('newManualList', { title: 'Wijkkrant' }),
      // @ts-expect-error: the media picker hands a file to `onSelect`, not a string
      () => openSlideOver('selectMediaFile', { onSelect: (name: string) => name.trim() }),
    ];
    expect(misuses).toHaveLength(5);
  });
});
