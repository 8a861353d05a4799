import type { RepeatableGroup } from '@contract/publications';
import { RadioButtonGroupInput, required } from 'react-admin';

const requireBlockType = required('app.publications.blocks.add.required');

/** The radio choice of 'Blok toevoegen': one option per repeatable group of the publication's type. */
export function BlockTypeInput({
  groups,
  isPending,
}: {
  groups: readonly RepeatableGroup[];
  isPending?: boolean;
}) {
  return (
    <RadioButtonGroupInput
      source="blockType"
      label="app.publications.blocks.add.choose"
      choices={groups.map((group) => ({ id: group.type, name: group.name }))}
      isPending={isPending}
      validate={requireBlockType}
      row={false}
    />
  );
}
