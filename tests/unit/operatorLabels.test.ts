import { describe, expect, it } from 'vitest';
import { filterOperatorLabels, filterOperators } from '@contract/receiverFields';
import { operatorLabels } from '../../src/custom/journeys/kindLabels';
import { receiversNl } from '../../src/i18n/receivers.nl';

describe('the Dutch names of the filter operators', () => {
  it('are one map in the contract, used by the audience filters and the journeys alike', () => {
    expect(receiversNl.app.receivers.audiences.operators).toBe(filterOperatorLabels);
    expect(operatorLabels).toBe(filterOperatorLabels);
  });

  it('name every operator, in the order the filters offer them', () => {
    expect(filterOperators.map((operator) => filterOperatorLabels[operator])).toEqual([
      'is gelijk aan',
      'is niet gelijk aan',
      'begint met',
      'eindigt op',
      'bevat',
    ]);
  });
});
