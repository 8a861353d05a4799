import type { RaRecord } from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';
import { RunActionButton } from './RunActionButton';
import { useLabel } from './useLabel';
import type { RowAction } from './viewDeclaration';

export interface RowActionButtonProps {
  declaration: ResourceDeclaration;
  record: RaRecord;
  action: RowAction<RaRecord>;
  /** Call values of the table (e.g. `{listId}`), for the action's path. */
  meta?: Record<string, unknown>;
}

/** A row's declared action ('Archiveren'), on rows where it applies; its click does not open the row. */
export function RowActionButton({ declaration, record, action, meta }: RowActionButtonProps) {
  const label = useLabel();
  if (action.when && !action.when(record)) return null;
  return (
    // The button and its confirmation (a portal, but inside the row in React's tree) keep their clicks
    // from the row's own click handler; the button itself stays the keyboard's target.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <span onClick={(event) => event.stopPropagation()}>
      <RunActionButton
        declaration={declaration}
        record={record}
        run={action.run}
        meta={meta}
        text={label(action.label)}
        size="small"
      />
    </span>
  );
}
