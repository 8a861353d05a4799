import { useNavigate } from 'react-router-dom';
import { useNotify, type RaRecord } from 'react-admin';
import { declaredFormViewOf, saveOf } from './formViews';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useDeclaredSave, type SaveTarget } from './useDeclaredSave';
import { useSubmitWithServerError, type SubmitWithServerError } from './useSubmitWithServerError';

/**
 * The submit of a declared form. On success: `onSaved` (the panel closes) and the declared redirect
 * follows; the dataProvider has refreshed what the save changed (withAfterSave). On failure nothing
 * moves: the form keeps its input and shows the server's message.
 */
export function useDeclaredFormSubmit(
  declaration: ResourceDeclaration,
  name: string,
  target: SaveTarget,
  onSaved: (record: RaRecord) => void,
): SubmitWithServerError {
  const view = declaredFormViewOf(declaration, name);
  const save = saveOf(name, view);
  const saveRecord = useDeclaredSave(declaration, save, target);
  const notify = useNotify();
  const navigate = useNavigate();

  return useSubmitWithServerError(saveRecord, view.fields, (saved) => {
    onSaved(saved);
    notify(save === 'create' ? 'ra.notification.created' : 'ra.notification.updated', {
      messageArgs: { smart_count: 1 },
    });
    if (view.redirect) navigate(view.redirect(saved));
  });
}
