import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Width of the desktop sidebar and of the slide-in menu on phones. */
export const sidebarWidth = 256;

const primaryBlue = '#1f5fa8';

/** The console's one keyboard-focus style: a 3 px ring in the platform's blue. */
const focusRing = `3px solid ${primaryBlue}`;

/**
 * The console's look: react-admin's light theme with the platform's blue and calmer surfaces. The
 * status colours are darker than MUI's so that white text on a chip, and the colour as text on white,
 * reach 4.5:1 (WCAG AA); every focusable element shows a ring when reached by keyboard.
 */
export const consoleTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: primaryBlue, light: '#4f86c9', dark: '#154377', contrastText: '#fff' },
    secondary: { main: '#0f7b6c', light: '#3fa394', dark: '#0a564b', contrastText: '#fff' },
    // A shade darker than MUI's red: an invalid field's label stays readable (4.5:1) on a filled input.
    error: { main: '#c62828', light: '#ef5350', dark: '#8e0000', contrastText: '#fff' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    warning: { main: '#a84c02', light: '#d97706', dark: '#7c3a02', contrastText: '#fff' },
    info: { main: '#01669e', light: '#0288d1', dark: '#014a73', contrastText: '#fff' },
    success: { main: '#1b6e20', light: '#2e7d32', dark: '#134f17', contrastText: '#fff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: '#5c6370', disabled: 'rgba(0, 0, 0, 0.38)' },
  },
  shape: { borderRadius: 8 },
  typography: {
    ...defaultLightTheme.typography,
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: sidebarWidth, closedWidth: 56 },
  components: {
    ...defaultLightTheme.components,
    MuiCssBaseline: {
      styleOverrides: {
        // Keyboard focus is a ring, not only a faint tint; the skip link's jump target shows none.
        '*:focus-visible': { outline: focusRing, outlineOffset: '2px' },
        '[tabindex="-1"]:focus-visible': { outline: 'none' },
      },
    },
    // react-admin's skip link is white on the page background when it appears.
    RaSkipNavigationButton: {
      styleOverrides: {
        root: {
          backgroundColor: primaryBlue,
          '&:hover': { backgroundColor: '#154377', opacity: 1 },
        },
      },
    },
    // One focus style everywhere: MUI's buttons (sidebar items, cards, text buttons, icon buttons) take
    // their own `outline: 0` and show focus only as a faint tint; they get the same 3 px ring.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: focusRing, outlineOffset: '2px' } },
      },
    },
    // A button's label stays on one line ('Verwijdere|n' on a phone): rows of buttons wrap whole buttons.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { whiteSpace: 'nowrap' } },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
};
