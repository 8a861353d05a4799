import { ResourceContextProvider } from 'react-admin';
import { useSlideOver } from '../slideover/SlideOverContext';
import { declaredFields } from './declaredFields';
import { DeclaredFormContent } from './DeclaredFormContent';
import { formDefaults } from './formDefaults';
import { declaredFormViewOf } from './formViews';
import type { ResourceDeclaration } from './resourceDeclaration';
import { SlideOverForm } from './SlideOverForm';
import { submitLabelOf } from './submitLabel';
import { useDeclaredFormSubmit } from './useDeclaredFormSubmit';
import { useLabel } from './useLabel';
import type { FormViewProps } from './viewDeclaration';

export interface DeclaredSlideOverFormProps extends FormViewProps {
  declaration: ResourceDeclaration;
  /** 'create', 'edit' or a name under `views.forms`. */
  name: string;
}

/**
 * A declared form in a slide-over panel: 'Sluiten' and the submit button below the inputs. A
 * successful save closes the panel; a failed one keeps it open with the input and the server's message.
 */
export function DeclaredSlideOverForm({ declaration, name, record, meta }: DeclaredSlideOverFormProps) {
  const view = declaredFormViewOf(declaration, name);
  const fields = declaredFields(declaration, view.fields);
  const { close } = useSlideOver();
  const label = useLabel();
  const { submit, serverError } = useDeclaredFormSubmit(declaration, name, { record, meta }, close);

  return (
    <ResourceContextProvider value={declaration.name}>
      <SlideOverForm
        title={label(view.title)}
        submitLabel={submitLabelOf(name, view)}
        description={view.description && label(view.description)}
        record={record}
        defaultValues={formDefaults(fields)}
        submit={submit}
        serverError={serverError}
      >
        <DeclaredFormContent fields={fields} />
      </SlideOverForm>
    </ResourceContextProvider>
  );
}
