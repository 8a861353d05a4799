import { ResourceContextProvider } from 'react-admin';
import { useSlideOver } from '../slideover/SlideOverContext';
import { DeclaredFormContent } from './DeclaredFormContent';
import { DetailSections } from './DetailSections';
import type { ResourceDeclaration } from './resourceDeclaration';
import { SlideOverForm } from './SlideOverForm';
import { callOfForm } from './formViews';
import { deniedSave, useDeclaredAccess } from './useDeclaredAccess';
import { useDeclaredForm } from './useDeclaredForm';
import type { FormViewProps } from './viewDeclaration';

export interface DeclaredSlideOverFormProps extends FormViewProps {
  declaration: ResourceDeclaration;
  /** 'create', 'edit' or a name under `views.forms`. */
  name: string;
}

/**
 * A declared form in a slide-over panel: 'Sluiten' and the submit button below the inputs, and the
 * view's sections about the edited record under them (a subscriber's consent proofs). A
 * successful save closes the panel; a failed one keeps it open with the input and the server's message.
 */
export function DeclaredSlideOverForm({
  declaration,
  name,
  record,
  meta,
  onSaved,
}: DeclaredSlideOverFormProps) {
  const { close } = useSlideOver();
  const opening = { record, meta };
  const access = useDeclaredAccess(declaration, callOfForm(declaration, name), deniedSave);
  const form = useDeclaredForm(declaration, name, opening, (saved) => {
    close();
    onSaved?.(saved);
  });

  return (
    <ResourceContextProvider value={declaration.name}>
      <SlideOverForm
        title={form.title}
        submitLabel={form.submitLabel}
        submitIcon={form.view.submitIcon}
        submitColor={form.view.submitColor}
        description={form.description}
        notice={form.notice}
        opening={opening}
        record={record}
        defaultValues={form.defaultValues}
        submit={form.submit}
        serverError={form.serverError}
        deniedReason={access.deniedReason}
        submitHidden={!access.shown}
      >
        <DeclaredFormContent fields={form.fields} />
        {record && form.view.sections ? (
          <DetailSections declaration={declaration} sections={form.view.sections} record={record} />
        ) : null}
      </SlideOverForm>
    </ResourceContextProvider>
  );
}
