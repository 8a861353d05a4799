import type { AttributeNumber, ListAttributeLabels } from '@contract/receivers';

const attributeNumbers: readonly AttributeNumber[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export interface SetLabel {
  number: AttributeNumber;
  label: string;
}

/** The labels a list has set, in attribute order (an attribute without label is not used). */
export function listLabels(list: ListAttributeLabels): SetLabel[] {
  return attributeNumbers.flatMap((number) => {
    const label = list[`attributeLabel${number}`]?.trim();
    return label ? [{ number, label }] : [];
  });
}
