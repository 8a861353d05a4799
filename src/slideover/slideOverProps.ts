import type { MediaSlideOverProps } from '../custom/media/mediaSlideOverRegistry';
import type { FormViewProps } from '../declarative/viewDeclaration';
import type { DeclaredSlideOverType } from '../resources';

/**
 * Every slide-over type with the props its panel takes, derived from what registry.ts registers: the
 * declared resources' forms (`FormViewProps`) and the media area's own panels. A wrong type or a
 * wrong prop in `openSlideOver` is a compile error.
 */
export type SlideOverProps = { [TType in DeclaredSlideOverType]: FormViewProps } & MediaSlideOverProps;
