/**
 * A ref callback that focuses its element once, when it mounts (a stable function, so React does not
 * call it again on re-renders). For fields that appear because the user asked for them: the inline
 * rename field, the tag form, the New folder name.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
