import { describe, expect, it } from 'vitest';
import { addressLocalPart, composeName, nameSource } from '../../server/src/contract/importRules';
import { importProgress, timeLeftText } from '../../src/custom/receivers/import/importProgress';
import {
  assignTarget,
  completeMapping,
  importTargetChoices,
  labelsFilledFromJson,
  missingTargets,
  newLabelsOf,
  newLabelTarget,
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

  it('requires only the e-mail address; the name is composed when no column holds it', () => {
    expect(missingTargets({ 0: 'city', 1: 'skip' })).toEqual(['email']);
    expect(missingTargets({ 0: 'email', 1: 'attribute1' })).toEqual([]);
    expect(nameSource(['email', 'name', 'firstName'])).toBe('column');
    expect(nameSource(['email', 'firstName', 'lastName'])).toBe('parts');
    expect(nameSource(['email', 'city'])).toBe('address');
    expect(composeName({ firstName: 'Jan', middleName: 'van der', lastName: 'Berg' })).toBe(
      'Jan van der Berg',
    );
    expect(composeName({ initials: 'J.', middleName: '', lastName: 'Smit' })).toBe('J. Smit');
    expect(composeName({ firstName: ' ', lastName: null })).toBe('');
    expect(addressLocalPart('jan.jansen@voorbeeld.nl')).toBe('jan.jansen');
  });

  it('makes a column a new label named after it, on a free attribute, up to nine labels', () => {
    const header = ['E-mailadres', 'Wijk', 'Buurt', 'wijk', ''];
    const mapping = { 0: 'email', 1: 'skip', 2: 'skip', 3: 'skip', 4: 'skip' } as const;
    // Attribute 1 and 3 have labels (Wijk, Lid sinds): 'Wijk' exists already, 'Buurt' gets attribute 2.
    expect(newLabelTarget(mapping, header, labels, 1)).toBeUndefined();
    expect(newLabelTarget(mapping, header, labels, 2)).toBe('attribute2');
    expect(newLabelTarget(mapping, header, labels, 4)).toBeUndefined();
    const withBuurt = assignTarget(mapping, 2, 'attribute2');
    expect(newLabelsOf(withBuurt, header, labels)).toEqual({ attribute2: 'Buurt' });
    expect(newLabelTarget(withBuurt, header, labels, 2)).toBe('attribute2');
    const full = { ...labels, attributeLabel2: 'a', attributeLabel4: 'b', attributeLabel5: 'c' };
    const all = {
      ...full,
      attributeLabel6: 'd',
      attributeLabel7: 'e',
      attributeLabel8: 'f',
      attributeLabel9: 'g',
    };
    expect(newLabelTarget(mapping, header, full, 2)).toBe('attribute6');
    expect(newLabelTarget(mapping, header, all, 2)).toBeUndefined();
  });

  it("gives the JSON column's keys that are no label yet new labels in the free attributes", () => {
    const header = ['email', 'attributes', 'Buurt'];
    const rows = [
      ['a@example.nl', '{"wijk": "Noord", "interesses": ["sport"]}', 'x'],
      ['b@example.nl', '{"Wijk": "Zuid", "lid_sinds": 2020}', 'y'],
      ['c@example.nl', 'geen json', 'z'],
    ];
    const mapping = { 0: 'email', 1: 'attributesJson', 2: 'attribute2' } as const;
    const list = { ...labels, attributeLabel1: 'Interesses', attributeLabel3: null, attributeLabel9: null };
    // Attribute 1 is 'Interesses' already, attribute 2 becomes 'Buurt' from its column: the rest from the keys.
    expect(newLabelsOf(mapping, header, list, rows)).toEqual({
      attribute2: 'Buurt',
      attribute3: 'Wijk',
      attribute4: 'Lid_sinds',
    });
    expect(newLabelsOf({ ...mapping, 1: 'skip' }, header, list, rows)).toEqual({
      attribute2: 'Buurt',
    });
  });

  it('names the labels a JSON column fills from its keys', () => {
    const rows = [['{"wijk": "Noord", "city": "Assen"}'], ['{"Interesse": ["sport"]}'], ['geen json']];
    expect(labelsFilledFromJson(rows, 0, ['Wijk', 'Interesse', 'Lid sinds'])).toEqual(['Wijk', 'Interesse']);
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
