import AddIcon from '@mui/icons-material/Add';
import { Button } from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useOpenFormView } from './useOpenFormView';

/**
 * Opens the declaration's create view, labelled with its title ('Nieuwe Lijst'); nothing when the
 * resource has no create view.
 */
export function CreateButton({
  declaration,
  meta,
  variant,
}: {
  declaration: ResourceDeclaration;
  meta?: Record<string, unknown>;
  variant?: 'text' | 'contained';
}) {
  const openFormView = useOpenFormView(declaration);
  const create = declaration.views.create;
  if (!create) return null;
  return (
    <Button label={create.title} variant={variant} onClick={() => openFormView('create', undefined, meta)}>
      <AddIcon />
    </Button>
  );
}
