/** The fields a block editor may start with: a text input, a text area or the rich-text editor. */
const fieldSelector =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), [contenteditable="true"]';

/** How many frames to wait at most for the editor to open and the 'Blok toevoegen' panel to close. */
const maxFrames = 300;

/**
 * Puts the focus in the first field of the element with this id once it is shown and no dialog is open
 * any more (a closing panel hands the focus back to the button that opened it, after which this takes
 * it). Answers a cancel function.
 */
export function focusFirstFieldOf(elementId: string): () => void {
  let frame = 0;
  let handle = 0;
  const attempt = () => {
    const field = document.getElementById(elementId)?.querySelector<HTMLElement>(fieldSelector);
    const dialogOpen =
      document.querySelector('[role="dialog"], [role="presentation"].MuiModal-root') !== null;
    if (field && !dialogOpen && field.getClientRects().length > 0) {
      field.focus();
      return;
    }
    if (++frame < maxFrames) handle = requestAnimationFrame(attempt);
  };
  handle = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(handle);
}
