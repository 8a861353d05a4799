import type { RsvpSettingsRecord } from '@contract/rsvp';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';
import { formatDutchNumber } from '../../i18n/dutchNumber';
import { GridList } from '../../layout/GridList';

const tiles = ['invited', 'yes', 'maybe', 'no', 'noAnswer', 'waiting', 'placesLeft'] as const;

/**
 * The RSVP page's counts: Uitgenodigd, Ja (persons incl. guests), Misschien, Nee, Geen antwoord, Wachtlijst
 * and Plaatsen over. A declared read, so a staff change of an answer (which invalidates 'rsvpInvitations')
 * counts again.
 */
export function RsvpTiles({ record }: { record: RsvpSettingsRecord }) {
  const translate = useTranslate();
  const { data } = useDeclaredQuery('rsvpInvitations', 'summary', { id: String(record.id) });
  return (
    <GridList
      label={translate('app.rsvp.tiles.label')}
      marginTop={1.5}
      gap={1.5}
      columns="repeat(auto-fill, minmax(120px, 1fr))"
    >
      {tiles.map((tile) => {
        const value = data?.[tile];
        const shown =
          data === undefined
            ? '…'
            : value === null
              ? translate('app.rsvp.tiles.unlimited')
              : formatDutchNumber(value ?? 0);
        return (
          <Box
            component="li"
            key={tile}
            data-tile={tile}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
          >
            <Typography variant="h6" component="p">
              {shown}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`app.rsvp.tiles.${tile}`)}
            </Typography>
          </Box>
        );
      })}
    </GridList>
  );
}
