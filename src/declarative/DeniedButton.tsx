import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';

/**
 * A declared button the member's role does not allow, where its absence would confuse ('Verspreiden'
 * for a Redacteur): it shows disabled and says why on hover and focus. It stays focusable
 * (`aria-disabled` rather than `disabled`) and carries the reason as its description, so the keyboard
 * and screen readers get it too.
 */
// Read by screen readers, not shown (the tooltip shows it).
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function DeniedButton({
  reason,
  text,
  ...button
}: Pick<ButtonProps, 'variant' | 'startIcon' | 'size' | 'color'> & { reason: string; text: string }) {
  const reasonId = useId();
  return (
    <Tooltip title={reason} describeChild>
      {/* The tooltip listens on the wrapper, so it leaves the button's own description alone. */}
      <span>
        <Button
          {...button}
          aria-disabled="true"
          aria-describedby={reasonId}
          className="Mui-disabled"
          // The disabled look without `disabled`'s `pointer-events: none`, which would hide the reason.
          sx={{ '&.Mui-disabled': { pointerEvents: 'auto', cursor: 'not-allowed' } }}
          onClick={(event) => event.preventDefault()}
        >
          {text}
        </Button>
        <Box component="span" id={reasonId} sx={visuallyHidden}>
          {reason}
        </Box>
      </span>
    </Tooltip>
  );
}
