import { describe, expect, it } from 'vitest';
import { importProgress, timeLeftText } from '../../src/custom/receivers/import/importProgress';
import {
  assignTarget,
  completeMapping,
  importTargetChoices,
  missingTargets,
} from '../../src/custom/receivers/import/importTargets';

const labels = {
  attributeLabel1: 'Wijk',
  attributeLabel2: null,
  attributeLabel3: ' Lid sinds ',
  attributeLabel4: null,
  attributeLabel5: null,
  attributeLabel6: null,
  attributeLabel7: null,
  attributeLabel8: null,
  attributeLabel9: '',
};

describe('import column mapping', () => {
  it("offers the subscriber fields and only the list's set labels", () => {
    const choices = importTargetChoices(labels);
    expect(choices.filter((choice) => choice.group === 'labels')).toEqual([
      { id: 'attribute1', name: 'Wijk', group: 'labels' },
      { id: 'attribute3', name: 'Lid sinds', group: 'labels' },
    ]);
    expect(choices.map((choice) => choice.id)).toEqual(
      expect.arrayContaining(['name', 'email', 'postalCode', 'city', 'isOrganization']),
    );
  });

  it('skips every column without a suggestion, and gives a field to one column only', () => {
    const mapping = completeMapping(4, { 0: 'name', 2: 'email' });
    expect(mapping).toEqual({ 0: 'name', 1: 'skip', 2: 'email', 3: 'skip' });
    expect(assignTarget(mapping, 3, 'email')).toEqual({ 0: 'name', 1: 'skip', 2: 'skip', 3: 'email' });
    expect(assignTarget(mapping, 0, 'skip')).toEqual({ 0: 'skip', 1: 'skip', 2: 'email', 3: 'skip' });
  });

  it('requires name and e-mail address before going on', () => {
    expect(missingTargets({ 0: 'city', 1: 'skip' })).toEqual(['name', 'email']);
    expect(missingTargets({ 0: 'email', 1: 'attribute1' })).toEqual(['name']);
    expect(missingTargets({ 0: 'email', 1: 'name' })).toEqual([]);
  });
});

describe('import progress', () => {
  it('gives the percentage of the expected rows and the time left at the current speed', () => {
    expect(importProgress({ rowsDone: 25_000, rowsEstimated: 100_000, rowsPerSecond: 25_000 })).toEqual({
      percent: 25,
      secondsLeft: 3,
    });
    expect(importProgress({ rowsDone: 0, rowsEstimated: 0, rowsPerSecond: 0 })).toEqual({
      percent: 0,
      secondsLeft: null,
    });
  });

  it('says seconds below two minutes, minutes above', () => {
    expect(timeLeftText(3)).toEqual({ key: 'app.receivers.imports.progress.seconds', count: 3 });
    expect(timeLeftText(0)).toEqual({ key: 'app.receivers.imports.progress.seconds', count: 1 });
    expect(timeLeftText(600)).toEqual({ key: 'app.receivers.imports.progress.minutes', count: 10 });
  });
});
