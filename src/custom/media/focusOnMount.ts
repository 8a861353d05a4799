/**
 * A ref callback that focuses its element once, when it mounts (a stable function, so React does not
 * call it again on re-renders). For fields that appear because the user asked for them: the inline
 * rename field, the tag form, the New folder name.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

/**
 * Like `focusOnMount`, with the current text selected, so typing replaces it: for a field that comes
 * prefilled with the name to change (Rename folder).
 */
export function selectOnMount(element: HTMLInputElement | null): void {
  element?.focus();
  element?.select();
}
