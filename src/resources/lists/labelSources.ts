/** The nine attribute label fields of a list (spec §9: nine attribute labels per list). */
export const labelSources = [
  'attributeLabel1',
  'attributeLabel2',
  'attributeLabel3',
  'attributeLabel4',
  'attributeLabel5',
  'attributeLabel6',
  'attributeLabel7',
  'attributeLabel8',
  'attributeLabel9',
] as const;

export type LabelSource = (typeof labelSources)[number];
