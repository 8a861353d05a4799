import { TopToolbar } from 'react-admin';
import { CreateButton } from './CreateButton';
import type { ResourceDeclaration } from './resourceDeclaration';

/** The table's toolbar: the create view's button, labelled with its title ('Nieuwe Lijst'). */
export function TableActions({
  declaration,
  meta,
}: {
  declaration: ResourceDeclaration;
  meta?: Record<string, unknown>;
}) {
  if (!declaration.views.create) return null;
  return (
    <TopToolbar>
      <CreateButton declaration={declaration} meta={meta} />
    </TopToolbar>
  );
}
