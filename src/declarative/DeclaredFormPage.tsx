import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Form,
  ResourceContextProvider,
  Title,
  useGetOne,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { BackToOverview } from '../layout/BackToOverview';
import { DeclaredFormContent } from './DeclaredFormContent';
import { DetailSections } from './DetailSections';
import { FormHead } from './FormHead';
import type { ResourceDeclaration } from './resourceDeclaration';
import { LoadingMessage } from './LoadingMessage';
import { pageRecordId } from './recordId';
import { useDeclaredForm } from './useDeclaredForm';
import { DeclaredFormContext, useDeclaredFormSetting } from './DeclaredFormContext';
import { LoadError } from '../layout/LoadError';
import { FormSubmit } from './FormSubmit';
import { callOfForm } from './formViews';
import { deniedSave, useDeclaredAccess } from './useDeclaredAccess';

const saveNothing = () => undefined;

export interface DeclaredFormPageProps {
  declaration: ResourceDeclaration;
  /**
   * 'create', 'edit' or a named form ('colors'). Every form but 'create' edits a record: the route's
   * `:id`, or the singleton's one record.
   */
  name: string;
}

/**
 * A declared form on a page of its own. Leaving it with unsaved changes asks first. After a save the
 * create and edit pages go to the declared redirect or the list; a named form stays, showing the saved values.
 */
export function DeclaredFormPage({ declaration, name }: DeclaredFormPageProps) {
  const params = useParams();
  const editing = name !== 'create';
  const {
    data: record,
    isPending,
    error,
    refetch,
  } = useGetOne(declaration.name, { id: pageRecordId(declaration, params) }, { enabled: editing });
  if (!editing) return <FormPage declaration={declaration} name={name} />;
  if (isPending) return <LoadingMessage />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return <FormPage declaration={declaration} name={name} record={record} />;
}

function FormPage({ declaration, name, record }: DeclaredFormPageProps & { record?: RaRecord }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const listRoute = declaration.routes?.list;
  const opening = { record };
  const setting = useDeclaredFormSetting(record);
  const form = useDeclaredForm(declaration, name, opening, () => {
    const leavesAfterSave = name === 'create' || name === 'edit';
    if (leavesAfterSave && !form.view.redirect && listRoute) navigate(listRoute);
  });
  const { back, preview: Preview, sections = [] } = form.view;
  const access = useDeclaredAccess(declaration, callOfForm(declaration, name), deniedSave);
  const mayNotSave = access.deniedReason !== undefined || !access.shown;

  return (
    <ResourceContextProvider value={declaration.name}>
      <Title title={form.title} />
      <Stack spacing={2} sx={{ m: { xs: 1, md: 2 }, maxWidth: Preview ? 1100 : 720, minWidth: 0 }}>
        <Card>
          <CardContent>
            {back ? <BackToOverview to={back.to} label={back.label} /> : null}
            <DeclaredFormContext.Provider value={setting}>
              <Form
                record={record}
                defaultValues={form.defaultValues}
                onSubmit={mayNotSave ? saveNothing : form.submit}
                noValidate
                warnWhenUnsavedChanges
                // The form shows its errors itself (FormHead, the inputs): no toast repeating them.
                disableInvalidFormNotification
              >
                <FormHead
                  description={form.description}
                  notice={form.notice}
                  serverError={form.serverError}
                />
                <Box
                  sx={{
                    display: 'grid',
                    gap: { xs: 2, md: 4 },
                    gridTemplateColumns: {
                      xs: 'minmax(0, 1fr)',
                      md: Preview ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr',
                    },
                    alignItems: 'start',
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <DeclaredFormContent fields={form.fields} />
                  </Box>
                  {Preview ? <Preview record={record} /> : null}
                </Box>
                <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mt: 2 }}>
                  <Button onClick={() => (back ? navigate(back.to) : navigate(-1))}>
                    {translate('ra.action.cancel')}
                  </Button>
                  <FormSubmit
                    label={form.submitLabel}
                    deniedReason={access.deniedReason}
                    hidden={!access.shown}
                  />
                </Stack>
              </Form>
            </DeclaredFormContext.Provider>
          </CardContent>
        </Card>
        {record ? <DetailSections declaration={declaration} sections={sections} record={record} /> : null}
      </Stack>
    </ResourceContextProvider>
  );
}
