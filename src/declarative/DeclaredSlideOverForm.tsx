import { styled } from '@mui/material/styles';
import { Form, ResourceContextProvider, SaveButton } from 'react-admin';
import { SlideOverCloseButton } from '../slideover/SlideOverCloseButton';
import { useSlideOver } from '../slideover/SlideOverContext';
import { SlideOverPanel } from '../slideover/SlideOverPanel';
import { declaredFields } from './declaredFields';
import { DeclaredFormContent } from './DeclaredFormContent';
import { formDefaults } from './formDefaults';
import { declaredFormViewOf } from './formViews';
import type { ResourceDeclaration } from './resourceDeclaration';
import { submitLabelOf } from './submitLabel';
import { useDeclaredFormSubmit } from './useDeclaredFormSubmit';
import { useLabel } from './useLabel';
import type { FormViewProps } from './viewDeclaration';

export interface DeclaredSlideOverFormProps extends FormViewProps {
  declaration: ResourceDeclaration;
  /** 'create', 'edit' or a name under `views.forms`. */
  name: string;
}

// The form wraps the whole panel so that the footer's save button submits it.
const PanelForm = styled(Form)({ display: 'flex', flexDirection: 'column', height: '100%' });

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
      <PanelForm record={record} defaultValues={formDefaults(fields)} onSubmit={submit} noValidate>
        <SlideOverPanel
          title={label(view.title)}
          actions={
            <>
              <SlideOverCloseButton />
              <SaveButton label={submitLabelOf(name, view)} alwaysEnable />
            </>
          }
        >
          <DeclaredFormContent fields={fields} description={view.description} serverError={serverError} />
        </SlideOverPanel>
      </PanelForm>
    </ResourceContextProvider>
  );
}
