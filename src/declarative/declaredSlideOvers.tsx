import type { SlideOverRegistry } from '../slideover/slideOverTypes';
import { formViewsOf, isCustomView, slideOverTypeOf } from './formViews';
import { lazyView } from './lazyView';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { FormViewProps } from './viewDeclaration';

// Loaded when the first declared panel opens, not with the login screen.
const DeclaredSlideOverForm = lazyView(() => import('./DeclaredSlideOverForm'), 'DeclaredSlideOverForm');

/**
 * The slide-over panels of the declared resources' forms, by type ('lists.create', or the form's
 * `slideOverType`), for the registry. A custom form view registers its own component.
 */
export function declaredSlideOvers(resources: readonly ResourceDeclaration[]): SlideOverRegistry {
  const entries = resources.flatMap((declaration) =>
    formViewsOf(declaration)
      .filter(([, view]) => view.as === 'slideOver')
      .map(([name, view]) => {
        const type = slideOverTypeOf(declaration, name, view);
        if (isCustomView(view)) return [type, view.component] as const;
        const Panel = (props: FormViewProps) => (
          <DeclaredSlideOverForm declaration={declaration} name={name} {...props} />
        );
        Panel.displayName = `SlideOver(${type})`;
        return [type, Panel] as const;
      }),
  );
  return Object.fromEntries(entries);
}
