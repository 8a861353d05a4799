import type { SlideOverProps } from './slideOverProps';

/**
 * The slide-over protocol (brief): any code opens a panel with
 * `window.dispatchEvent(new CustomEvent('slideover', {detail: {type, ...props}}))`
 * and closes the topmost one with `new CustomEvent('slideover:close')`. The helpers below do exactly that.
 */
export const slideOverEvent = 'slideover';
export const slideOverCloseEvent = 'slideover:close';

/** The detail of a `slideover` event: the registered type and the props for its component. */
export interface SlideOverRequest {
  type: string;
  [prop: string]: unknown;
}

/** Every slide-over type of the console: the declared forms' and the hand-written panels'. */
export type SlideOverType = keyof SlideOverProps;

/** The props argument: optional when the panel needs none. */
type PropsArgument<TType extends SlideOverType> =
  Record<string, never> extends SlideOverProps[TType]
    ? [props?: SlideOverProps[TType]]
    : [props: SlideOverProps[TType]];

/**
 * Opens a panel: `openSlideOver('newFolder', { meta: { parentDirectory, folder } })`. The type and
 * its props are checked against the declarations and the registry (./slideOverProps.ts).
 */
export function openSlideOver<TType extends SlideOverType>(
  type: TType,
  ...[props]: PropsArgument<TType>
): void {
  requestSlideOver({ ...props, type });
}

/**
 * Sends the event for a type known only at run time, e.g. the form a declaration names: the generic
 * machinery registered that type itself from the same declaration.
 */
export function requestSlideOver(request: SlideOverRequest): void {
  window.dispatchEvent(new CustomEvent<SlideOverRequest>(slideOverEvent, { detail: request }));
}

export function closeSlideOver(): void {
  window.dispatchEvent(new CustomEvent(slideOverCloseEvent));
}
