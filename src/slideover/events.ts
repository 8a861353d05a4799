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

export function openSlideOver(type: string, props: Record<string, unknown> = {}): void {
  window.dispatchEvent(new CustomEvent<SlideOverRequest>(slideOverEvent, { detail: { ...props, type } }));
}

export function closeSlideOver(): void {
  window.dispatchEvent(new CustomEvent(slideOverCloseEvent));
}
