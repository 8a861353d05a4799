import { ThemeProvider, type Theme as MuiTheme } from '@mui/material/styles';
import { useCallback, type ReactNode } from 'react';
import { hexColor } from '../declarative/ColorInput';
import { useEnvironmentTheme } from './useEnvironmentTheme';

/**
 * The console wears the environment's primary colour (its theme's `primaryColor`); MUI derives the
 * light and dark shades and a readable text colour on it. A saved colour shows at once: every theme
 * save reads the environment's theme again.
 */
export function EnvironmentThemeColors({ children }: { children: ReactNode }) {
  const { data: theme } = useEnvironmentTheme();
  const primary = theme && hexColor.test(theme.primaryColor) ? theme.primaryColor : undefined;
  const withPrimary = useCallback(
    (outer: MuiTheme): MuiTheme =>
      primary
        ? {
            ...outer,
            palette: { ...outer.palette, primary: outer.palette.augmentColor({ color: { main: primary } }) },
          }
        : outer,
    [primary],
  );
  return <ThemeProvider theme={withPrimary}>{children}</ThemeProvider>;
}
