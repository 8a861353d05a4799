import { TopToolbar, useListContext } from 'react-admin';
import { isAccessDenied } from '../layout/AccessDenied';
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
  const { error } = useListContext();
  // Someone who may not read the table may not add to it either: no button on the 'Geen toegang' page.
  if (!declaration.views.create || isAccessDenied(error)) return null;
  return (
    // On a phone react-admin's toolbar is a tall white strip of its own: here only as high as its button.
    <TopToolbar sx={{ minHeight: { xs: 'auto' }, bgcolor: { xs: 'transparent' }, py: { xs: 0.5 } }}>
      <CreateButton declaration={declaration} meta={meta} />
    </TopToolbar>
  );
}
