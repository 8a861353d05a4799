import type { Subscriber } from '@contract/receivers';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { DeclaredFormContext } from '../../../declarative/DeclaredFormContext';
import type { DeclaredInputProps } from '../../../declarative/fieldDeclaration';
import { useLabel } from '../../../declarative/useLabel';
import { formatDutchDateTime } from '../../../i18n/dutchDate';

/**
 * The declared field 'Opnieuw aangemeld' of the subscriber panel, read only: when the address undid a
 * global unsubscribe itself (preference page or sign-up form, confirmed from the mail). The panel opens with the table's
 * row, which does not carry the history: it is read with the one subscriber.
 */
export function ResubscriptionHistory({ field }: DeclaredInputProps) {
  const translate = useTranslate();
  const label = useLabel();
  const { record } = useContext(DeclaredFormContext);
  const subscriber = record as Subscriber | undefined;
  const { data, isPending } = useGetOne<Subscriber>(
    'subscribers',
    { id: subscriber?.id ?? '', meta: { listId: subscriber?.listId } },
    { enabled: Boolean(subscriber?.id) },
  );
  if (!subscriber) return null;
  const history = data?.resubscriptions ?? [];
  const id = 'resubscription-history';
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 1 }}>
      <Typography id={id} variant="subtitle2" component="h3">
        {label(field.label)}
      </Typography>
      {isPending ? null : history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.receivers.subscribers.resubscriptions.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {history.map((entry) => (
            <Typography component="li" variant="body2" key={entry.resubscribedAt}>
              {translate('app.receivers.subscribers.resubscriptions.entry', {
                unsubscribedAt: formatDutchDateTime(entry.unsubscribedAt),
                resubscribedAt: formatDutchDateTime(entry.resubscribedAt),
              })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
