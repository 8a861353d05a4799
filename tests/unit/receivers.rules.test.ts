import { describe, expect, it } from 'vitest';
import { filterFieldChoices, filterFieldName } from '../../src/custom/receivers/audiences/filterFieldChoices';
import { pickableRecords } from '../../src/declarative/pickableRecords';
import { listLabels } from '../../src/custom/receivers/lists/listLabels';
import { uniqueLabel } from '../../src/custom/receivers/lists/uniqueLabel';
import { receiverList } from './support/fakeReceiversApi';

describe('receivers rules', () => {
  it('lists the labels a list has set, in attribute order, ignoring blank ones', () => {
    const list = receiverList({
      id: 'l',
      title: 'L',
      attributeLabel2: 'Wijk',
      attributeLabel1: '  ',
      attributeLabel9: 'Lid sinds',
    });
    expect(listLabels(list)).toEqual([
      { number: 2, label: 'Wijk' },
      { number: 9, label: 'Lid sinds' },
    ]);
  });

  it('allows at most nine unique fields: a label may not repeat another, whatever its case', () => {
    const values = {
      attributeLabel1: 'Wijk',
      attributeLabel2: ' wijk ',
      attributeLabel3: 'Interesse',
      attributeLabel4: '',
    };
    const validate = (value: unknown) => uniqueLabel(value, values, {} as never);
    expect(validate('Wijk')).toBe('app.receivers.lists.label_unique');
    expect(validate(' wijk ')).toBe('app.receivers.lists.label_unique');
    expect(validate('Interesse')).toBeUndefined();
    expect(validate('')).toBeUndefined();
  });

  it('offers the spec’s filter fields plus attribute N only when the list has label N', () => {
    const list = receiverList({ id: 'l', title: 'L', attributeLabel3: 'Abonnement' });
    const choices = filterFieldChoices(list);
    expect(choices.map((choice) => choice.id)).toEqual([
      'name',
      'email',
      'phoneNumber',
      'firstName',
      'middleName',
      'lastName',
      'initials',
      'address',
      'postalCode',
      'city',
      'country',
      'attribute3',
    ]);
    expect(filterFieldName(list, 'attribute3')).toBe('Abonnement');
    expect(filterFieldName(list, 'city')).toBe('app.receivers.subscribers.fields.city');
    // A filter on a label that was removed since still has a name.
    expect(filterFieldName(list, 'attribute5')).toBe('attribute5');
  });

  it('leaves deleted lists and excluded ids out of a picker (manual lists only is the read filter)', () => {
    const lists = [
      receiverList({ id: 'a', title: 'A' }),
      receiverList({ id: 'b', title: 'B', isDeleted: true }),
      receiverList({ id: 'c', title: 'C' }),
      { ...receiverList({ id: 'd', title: 'D' }), type: 'SmartList' as never },
    ];
    expect(pickableRecords(lists, ['c']).map((list) => list.id)).toEqual(['a', 'd']);
  });
});
