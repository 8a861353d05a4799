import { alpha, darken, lighten, type SxProps, type Theme } from '@mui/material/styles';

/**
 * Class names of the plain elements a declared table draws in every row. A table shows 250 rows at
 * once: an MUI component with its own styles (`sx`, `styled`) costs emotion a serialisation and a hash
 * per element and render, which made up most of a table's render time (docs/performance.md, issue 16
 * goal 3). The rows use plain elements with these classes, styled once by the table (`tableRowStyles`).
 */
export const tableRowClasses = {
  /** The first cell's button or link that opens the row. */
  open: 'DeclaredTable-open',
  /** The row's delete button. */
  delete: 'DeclaredTable-delete',
  /** A column's content shown under another column's on a phone (`phoneUnder`). */
  under: 'DeclaredTable-under',
} as const;

// The same look as MUI's Link (underline on hover) and a small error-coloured IconButton without
// ripple, which the rows drew before.
const resetButton = {
  WebkitTapHighlightColor: 'transparent',
  backgroundColor: 'transparent',
  outline: 0,
  border: 0,
  margin: 0,
  cursor: 'pointer',
  userSelect: 'none',
  verticalAlign: 'middle',
  appearance: 'none',
  textDecoration: 'none',
} as const;

/** The console's one focus style (theme.ts), here where the reset above took the outline away. */
const focusRing = { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '2px' } as const;

/** The styles of `tableRowClasses`, for the table's own `sx`. */
export const tableRowStyles: SxProps<Theme> = {
  [`& .${tableRowClasses.open}`]: {
    color: 'inherit',
    textDecoration: 'none',
    textAlign: 'left',
    font: 'inherit',
    letterSpacing: 'inherit',
    '&:hover': { textDecoration: 'underline' },
    '&:where(button)': { ...resetButton, position: 'relative', borderRadius: 0, padding: 0 },
    '&:where(button):focus-visible': focusRing,
  },
  // As the secondary text of a list item: its own line, a step smaller (13 px against the cell's 14) and
  // quieter than the row's name, so that a long address under a name still fits a phone's card.
  [`& .${tableRowClasses.under}`]: {
    display: 'block',
    marginTop: '2px',
    fontSize: '0.8125rem',
    color: 'text.secondary',
  },
  [`& .${tableRowClasses.delete}`]: {
    ...resetButton,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    boxSizing: 'border-box',
    textAlign: 'center',
    flex: '0 0 auto',
    borderRadius: '50%',
    padding: '5px',
    fontSize: '1.125rem',
    color: 'error.main',
    // IconButton's hover: the button's colour, faint.
    '&:hover': {
      backgroundColor: (theme: Theme) => alpha(theme.palette.error.main, theme.palette.action.hoverOpacity),
    },
    '&:focus-visible': focusRing,
    '& svg': {
      userSelect: 'none',
      width: '1em',
      height: '1em',
      display: 'inline-block',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: '1.25rem',
    },
  },
};

/**
 * The look of MUI's TableBody, TableRow (hover) and small body TableCell, for the plain elements of
 * `DeclaredTableBody`: styled once by the table instead of once per cell. Comes before the table's own
 * cell rules (gutters, widths), which win at the same specificity.
 */
export const tableBodyStyles = {
  '& .RaDataTable-tbody': { display: 'table-row-group' },
  '& .RaDataTable-row': {
    color: 'inherit',
    display: 'table-row',
    verticalAlign: 'middle',
    outline: 0,
    '&.MuiTableRow-hover:hover': { backgroundColor: 'action.hover' },
  },
  '& .RaDataTable-rowCell': {
    typography: 'body2',
    display: 'table-cell',
    verticalAlign: 'inherit',
    // TableCell's border: the divider colour without its alpha, lightened.
    borderBottom: (theme: Theme) =>
      `1px solid ${
        theme.palette.mode === 'light'
          ? lighten(alpha(theme.palette.divider, 1), 0.88)
          : darken(alpha(theme.palette.divider, 1), 0.68)
      }`,
    textAlign: 'left',
    padding: '6px 16px',
    color: 'text.primary',
    '&.MuiTableCell-alignRight': { textAlign: 'right', flexDirection: 'row-reverse' },
    '&.MuiTableCell-alignCenter': { textAlign: 'center' },
    '&.MuiTableCell-alignJustify': { textAlign: 'justify' },
  },
} satisfies SxProps<Theme>;
