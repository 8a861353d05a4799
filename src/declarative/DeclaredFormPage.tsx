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
import { declaredFields } from './declaredFields';
import { DeclaredFormContent } from './DeclaredFormContent';
import { FormHead } from './FormHead';
import { formDefaults } from './formDefaults';
import { declaredFormViewOf } from './formViews';
import type { ResourceDeclaration } from './resourceDeclaration';
import { submitLabelOf } from './submitLabel';
import { LoadingMessage } from './LoadingMessage';
import { useDeclaredFormSubmit } from './useDeclaredFormSubmit';
import { useLabel } from './useLabel';

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
  const view = declaredFormViewOf(declaration, name);
  const fields = declaredFields(declaration, view.fields);
  const label = useLabel();
  const translate = useTranslate();
  const navigate = useNavigate();
  const listRoute = declaration.routes?.list;
  const { submit, serverError } = useDeclaredFormSubmit(declaration, name, { record }, () => {
    if (!view.redirect && listRoute) navigate(listRoute);
  });

  return (
    <ResourceContextProvider value={declaration.name}>
      <Title title={label(view.title)} />
      <Card sx={{ m: 2, maxWidth: 720 }}>
        <CardContent>
          <Form record={record} defaultValues={formDefaults(fields)} onSubmit={submit} noValidate>
            <FormHead description={view.description && label(view.description)} serverError={serverError} />
            <DeclaredFormContent fields={fields} />
            <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1 }}>
              <Button onClick={() => navigate(-1)}>{translate('ra.action.cancel')}</Button>
              <SaveButton label={submitLabelOf(name, view)} alwaysEnable />
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
}
