import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { ResourceDeclaration } from './resourceDeclaration';
import { callOfForm } from './formViews';
import { useDeclaredAccess } from './useDeclaredAccess';
import { useLabel } from './useLabel';
import { useOpenFormView } from './useOpenFormView';

/**
 * Opens the declaration's create view, labelled with its title ('Nieuwe Lijst'); nothing when the
 * resource has no create view or the member's role may not create. MUI's button rather than react-admin's: that one drops its label on a
 * phone and leaves a bare '+'.
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
  const label = useLabel();
  const openFormView = useOpenFormView(declaration);
  const create = declaration.views.create;
  const { shown } = useDeclaredAccess(declaration, create ? callOfForm(declaration, 'create') : undefined);
  if (!create || !shown) return null;
  return (
    <Button
      variant={variant ?? 'text'}
      size="small"
      startIcon={<AddIcon />}
      onClick={() => openFormView('create', undefined, meta)}
    >
      {label(create.title)}
    </Button>
  );
}
