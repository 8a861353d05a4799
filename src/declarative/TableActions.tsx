import AddIcon from '@mui/icons-material/Add';
import { Button, TopToolbar } from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useOpenFormView } from './useOpenFormView';

/** The table's toolbar: the create view's button, labelled with its title ('Nieuwe Lijst'). */
export function TableActions({
  declaration,
  meta,
}: {
  declaration: ResourceDeclaration;
  meta?: Record<string, unknown>;
}) {
  const openFormView = useOpenFormView(declaration);
  const create = declaration.views.create;
  if (!create) return null;
  return (
    <TopToolbar>
      <Button label={create.title} onClick={() => openFormView('create', undefined, meta)}>
        <AddIcon />
      </Button>
    </TopToolbar>
  );
}
