import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/**
 * A declared button the member's role does not allow, where its absence would confuse ('Verspreiden'
 * for a Redacteur): it shows disabled and says why on hover and focus. It stays focusable
 * (`aria-disabled` rather than `disabled`), so the reason reaches the keyboard and screen readers too.
 */
export function DeniedButton({
  reason,
  text,
  ...button
}: Pick<ButtonProps, 'variant' | 'startIcon' | 'size' | 'color'> & { reason: string; text: string }) {
  return (
    <Tooltip title={reason} describeChild>
      <Button
        {...button}
        aria-disabled="true"
        className="Mui-disabled"
        // The disabled look without `disabled`'s `pointer-events: none`, which would hide the reason.
        sx={{ '&.Mui-disabled': { pointerEvents: 'auto', cursor: 'not-allowed' } }}
        onClick={(event) => event.preventDefault()}
      >
        {text}
      </Button>
    </Tooltip>
  );
}
