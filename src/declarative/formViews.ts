import type { RaRecord } from 'react-admin';
import { callOfSave, type DeclaredCall } from './declaredOperation';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { CustomFormView, CustomView, FormSave, FormView } from './viewDeclaration';

export type AnyFormView = FormView<RaRecord> | CustomFormView;

/** A resource's forms by name: 'create', 'edit' and the names under `views.forms`. */
export function formViewsOf(declaration: ResourceDeclaration): [name: string, view: AnyFormView][] {
  const { create, edit, forms = {} } = declaration.views;
  return [
    ...(create ? [['create', create] as [string, AnyFormView]] : []),
    ...(edit ? [['edit', edit] as [string, AnyFormView]] : []),
    ...Object.entries(forms),
  ];
}

export function formViewOf(declaration: ResourceDeclaration, name: string): AnyFormView {
  const entry = formViewsOf(declaration).find(([viewName]) => viewName === name);
  if (!entry) throw new Error(`Resource '${declaration.name}' declares no form '${name}'`);
  return entry[1];
}

/** A form the console builds from fields; custom forms render their own component instead. */
export function declaredFormViewOf(declaration: ResourceDeclaration, name: string): FormView<RaRecord> {
  const view = formViewOf(declaration, name);
  if (isCustomView(view)) throw new Error(`Form '${name}' of '${declaration.name}' is a custom component`);
  return view;
}

export function isCustomView(view: object): view is CustomView {
  return 'component' in view;
}

/** The slide-over type a form registers: its own `slideOverType` or `{resource}.{form}`. */
export function slideOverTypeOf(declaration: ResourceDeclaration, name: string, view: AnyFormView): string {
  return view.slideOverType ?? `${declaration.name}.${name}`;
}

/** The call a form's save makes, for access (`create`, `edit` or a named action); a custom form's when declared. */
export function callOfForm(declaration: ResourceDeclaration, name: string): DeclaredCall | undefined {
  const view = formViewOf(declaration, name);
  if (!isCustomView(view)) return callOfSave(saveOf(name, view));
  if (view.save) return callOfSave(view.save);
  return name === 'create' ? 'create' : name === 'edit' ? 'edit' : undefined;
}

/** The create view creates and the edit view updates unless they say otherwise. */
export function saveOf(name: string, view: FormView<RaRecord>): FormSave {
  if (view.save) return view.save;
  if (name === 'create') return 'create';
  if (name === 'edit') return 'update';
  throw new Error(`Form '${name}' must declare what it saves`);
}
