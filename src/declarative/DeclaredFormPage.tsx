import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Form,
  ResourceContextProvider,
  SaveButton,
  Title,
  useGetOne,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DeclaredFormContent } from './DeclaredFormContent';
import { FormHead } from './FormHead';
import type { ResourceDeclaration } from './resourceDeclaration';
import { LoadingMessage } from './LoadingMessage';
import { useDeclaredForm } from './useDeclaredForm';
import { DeclaredFormContext } from './DeclaredFormContext';

export interface DeclaredFormPageProps {
  declaration: ResourceDeclaration;
  /** 'create' or 'edit'; the edit page reads the record id from the route's `:id`. */
  name: 'create' | 'edit';
}

/** A declared form on a page of its own; after a save it goes to the declared redirect or the list. */
export function DeclaredFormPage({ declaration, name }: DeclaredFormPageProps) {
  const { id } = useParams();
  const editing = name === 'edit';
  const { data: record, isPending, error } = useGetOne(declaration.name, { id }, { enabled: editing });
  if (!editing) return <FormPage declaration={declaration} name={name} />;
  if (isPending) return <LoadingMessage />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  return <FormPage declaration={declaration} name={name} record={record} />;
}

function FormPage({ declaration, name, record }: DeclaredFormPageProps & { record?: RaRecord }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const listRoute = declaration.routes?.list;
  const opening = { record };
  const form = useDeclaredForm(declaration, name, opening, () => {
    if (!form.view.redirect && listRoute) navigate(listRoute);
  });

  return (
    <ResourceContextProvider value={declaration.name}>
      <Title title={form.title} />
      <Card sx={{ m: 2, maxWidth: 720 }}>
        <CardContent>
          <DeclaredFormContext.Provider value={{ ...opening, blockSubmit: () => undefined }}>
            <Form
              record={record}
              defaultValues={form.defaultValues}
              onSubmit={form.submit}
              noValidate
              // The form shows its errors itself (FormHead, the inputs): no toast repeating them.
              disableInvalidFormNotification
            >
              <FormHead description={form.description} notice={form.notice} serverError={form.serverError} />
              <DeclaredFormContent fields={form.fields} />
              <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1 }}>
                <Button onClick={() => navigate(-1)}>{translate('ra.action.cancel')}</Button>
                <SaveButton label={form.submitLabel} alwaysEnable />
              </Stack>
            </Form>
          </DeclaredFormContext.Provider>
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
}
