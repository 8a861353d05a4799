/** The names of a resource's forms as written: 'create', 'edit' and the keys of `views.forms`. */
type FormNamesOf<TViews> =
  Extract<keyof TViews, 'create' | 'edit'> | (TViews extends { forms: infer TForms } ? keyof TForms : never);

type FormOf<TViews, TForm> = TForm extends 'create' | 'edit'
  ? TViews[TForm & keyof TViews]
  : TViews extends { forms: infer TForms }
    ? TForms[TForm & keyof TForms]
    : never;

/** A form's slide-over type, as `slideOverTypeOf` (./formViews.ts) names it at run time; pages have none. */
type SlideOverTypeOfForm<TResource extends string, TForm extends PropertyKey, TView> = TView extends {
  as: 'slideOver';
}
  ? TView extends { slideOverType: infer TType extends string }
    ? TType
    : `${TResource}.${TForm & string}`
  : never;

/**
 * The slide-over types a declaration registers ('newManualList', 'lists.labels', …), from its name and
 * views as `defineResource<List>()` keeps them. A declaration whose name is a plain `string` (the
 * one-call `defineResource<List>({ … })`) registers its panels at run time but none at type level.
 */
export type SlideOverTypesOf<TDeclaration> = TDeclaration extends {
  name: infer TName extends string;
  views: infer TViews;
}
  ? string extends TName
    ? never
    : {
        [TForm in FormNamesOf<TViews>]: SlideOverTypeOfForm<TName, TForm, FormOf<TViews, TForm>>;
      }[FormNamesOf<TViews>]
  : never;
