import type { Subscriber } from '@contract/receivers';
import type { ConsentProof } from '@contract/signUp';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { LoadingMessage } from '../../../declarative/LoadingMessage';
import { useDeclaredQuery } from '../../../declarative/useDeclaredQuery';
import { formatDateTime } from '../../../i18n/dateFormat';
import { LoadError } from '../../../layout/LoadError';

/** The subscriber's consent proofs in its panel: how, when and by what text or whom it was given. */
export function ConsentProofs({ record: subscriber }: { record: Subscriber }) {
  const translate = useTranslate();
  const headingId = useId();
  const { data, error, isPending, refetch } = useDeclaredQuery('subscribers', 'consentProofs', {
    id: subscriber.id,
    meta: { listId: subscriber.listId },
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {translate('app.receivers.subscribers.consent_proofs.title')}
      </Typography>
      {isPending ? (
        <LoadingMessage />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">
          {translate('app.receivers.subscribers.consent_proofs.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {data.map((proof) => (
            <Box component="li" key={proof.id} sx={{ mb: 1 }}>
              <ProofText proof={proof} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function ProofText({ proof }: { proof: ConsentProof }) {
  const translate = useTranslate();
  const key = 'app.receivers.subscribers.consent_proofs';
  const signedUpAt = formatDateTime(proof.signedUpAt);
  if (proof.source === 'form')
    return (
      <>
        <Typography>
          {translate(`${key}.form`, {
            form: proof.formName ?? '',
            signedUpAt,
            confirmedAt: proof.confirmedAt ? formatDateTime(proof.confirmedAt) : '–',
          })}
        </Typography>
        {proof.consentText !== null ? (
          <Typography variant="body2" color="text.secondary">
            {translate(`${key}.form_text`, { version: proof.consentVersion ?? '', text: proof.consentText })}
          </Typography>
        ) : null}
        {proof.ipHash ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {translate(`${key}.ip`, { hash: proof.ipHash.slice(0, 16) })}
          </Typography>
        ) : null}
      </>
    );
  if (proof.source === 'import') return <Typography>{translate(`${key}.import`, { signedUpAt })}</Typography>;
  return (
    <Typography>
      {translate(`${key}.staff`, { user: proof.userName ?? translate(`${key}.unknown_user`), signedUpAt })}
    </Typography>
  );
}
