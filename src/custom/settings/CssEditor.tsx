import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { advancedCssMaxLength } from '@contract/themes';
import { useRef } from 'react';
import { useInput, useTranslate } from 'react-admin';
import type { DeclaredInputProps } from '../../declarative/fieldDeclaration';
import { useLabel } from '../../declarative/useLabel';
import { cssErrorLine, lineCount } from './cssErrorLine';
import { formatDutchNumber } from '../../i18n/dutchNumber';

const lineHeightPx = 20;

/**
 * CSS in a code-style text area: monospaced, line numbers in a gutter that scrolls along, no spelling
 * checks. The line a server message names ('Regel 3: …') is marked in the gutter. Tab leaves the field
 * as everywhere else, so the editor never traps the keyboard.
 */
export function CssEditor({ field }: DeclaredInputProps) {
  const label = useLabel();
  const translate = useTranslate();
  const gutter = useRef<HTMLDivElement>(null);
  const { id, field: input, fieldState } = useInput({ source: field.source, validate: field.validate });
  const text = typeof input.value === 'string' ? input.value : '';
  const error = fieldState.error?.message;
  const errorLine = cssErrorLine(error);
  const lines = Array.from({ length: lineCount(text) }, (_, index) => index + 1);
  const helpId = `${id}-help`;

  return (
    <Box sx={{ mb: 2 }}>
      <Box component="label" htmlFor={id} sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
        {label(field.label)}
      </Box>
      <Box
        sx={{
          display: 'flex',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: '#fafbfc',
          fontFamily: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, monospace",
          fontSize: 14,
          lineHeight: `${lineHeightPx}px`,
          '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: -1 },
        }}
      >
        <Box
          ref={gutter}
          aria-hidden
          data-testid="css-line-numbers"
          sx={{
            py: 1,
            px: 1,
            minWidth: 44,
            textAlign: 'right',
            color: 'text.secondary',
            bgcolor: 'grey.100',
            borderRight: 1,
            borderColor: 'divider',
            overflow: 'hidden',
            userSelect: 'none',
            height: 360,
          }}
        >
          {lines.map((line) => (
            <Box
              key={line}
              data-error-line={line === errorLine ? true : undefined}
              sx={
                line === errorLine
                  ? { bgcolor: 'error.main', color: 'error.contrastText', borderRadius: 0.5, px: 0.5 }
                  : { px: 0.5 }
              }
            >
              {line}
            </Box>
          ))}
        </Box>
        <Box
          component="textarea"
          id={id}
          {...input}
          value={text}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
          }}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          wrap="off"
          maxLength={advancedCssMaxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={helpId}
          sx={{
            flex: 1,
            minWidth: 0,
            height: 360,
            m: 0,
            py: 1,
            px: 1.5,
            border: 0,
            outline: 0,
            resize: 'none',
            font: 'inherit',
            lineHeight: 'inherit',
            bgcolor: 'transparent',
            color: 'text.primary',
            whiteSpace: 'pre',
            overflow: 'auto',
          }}
        />
      </Box>
      {/* An alert while it holds the server's reason, so a screen reader hears why the save failed. */}
      <FormHelperText id={helpId} error={!!error} role={error ? 'alert' : undefined}>
        {error
          ? translate(error, { _: error })
          : translate('app.settings.advanced.count', {
              count: formatDutchNumber(text.length),
              maximum: formatDutchNumber(advancedCssMaxLength),
            })}
      </FormHelperText>
      {field.helperText ? <FormHelperText>{label(field.helperText)}</FormHelperText> : null}
    </Box>
  );
}
