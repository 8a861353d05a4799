import type { AbTest } from '@contract/abTests';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../../dataProvider/serverMessage';
import { ConfirmedRun } from '../../declarative/ConfirmedRun';
import { DeniedButton } from '../../declarative/DeniedButton';
import { useCallAccess } from '../../declarative/useDeclaredAccess';
import { formatDutchNumber } from '../../i18n/dutchNumber';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { formatMoment } from '../publications/formatMoment';

const figures = ['sent', 'humanOpens', 'clicks', 'unsubscribed', 'bounces'] as const;

/** The test's state in a sentence: 'Test loopt tot …', 'Winnaar B verzonden', … */
export function useAbTestState() {
  const translate = useTranslate();
  return (test: AbTest) =>
    translate(`app.abTests.states.${test.state}`, {
      moment: test.decideAt ? formatMoment(test.decideAt) : '',
      winner: test.winner ?? '',
    });
}

/**
 * An A/B test's variants side by side (sent, opens by people, clicks, unsubscribes, bounces), its state,
 * which variant won and why, and the recipients still to send. Before the decision, once the variants
 * are sent: 'Nu beslissen' (by the test's measure) and 'Kies A', 'Kies B', … ('Zelf kiezen').
 */
export function AbTestComparison({ test }: { test: AbTest }) {
  const translate = useTranslate();
  const stateText = useAbTestState();
  const dataProvider = useDeclaredDataProvider();
  // The decision asked to confirm: it sends to the rest at once and cannot be undone.
  const [confirming, setConfirming] = useState<{ winner?: string }>();
  // Deciding sends to the rest: a Redacteur sees the buttons disabled with the reason, a Lezer none.
  const decideAccess = useCallAccess('jobs', 'decideAbTest', { reason: 'app.abTests.decide_denied' });
  const chooseAccess = useCallAccess('jobs', 'chooseAbTestWinner', { reason: 'app.abTests.decide_denied' });
  const [error, setError] = useState<string>();
  const variantsSent = test.variants.every(
    (variant) => variant.status !== 'Gepland' && variant.status !== 'Bezig',
  );
  const undecided = test.winner === null && test.state !== 'Geannuleerd' && test.state !== 'Gepland';

  const decide = (winner?: string) =>
    winner
      ? dataProvider.action('jobs', 'chooseAbTestWinner', { id: test.parentJobId, data: { winner } })
      : dataProvider.action('jobs', 'decideAbTest', { id: test.parentJobId, data: {} });
  const ask = (winner?: string) => {
    setError(undefined);
    setConfirming({ winner });
  };

  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          color={test.state === 'Winnaar verzonden' ? 'success' : 'info'}
          variant="outlined"
          label={stateText(test)}
          data-testid="ab-test-state"
        />
        <Typography variant="body2" color="text.secondary">
          {translate('app.abTests.decided_by', {
            decision: translate(`app.abTests.decisions.${test.decideBy}`),
          })}
        </Typography>
      </Box>
      {/* A phone scrolls the figures sideways: the region takes the keyboard's focus to scroll too. */}
      <TableContainer role="region" aria-label={translate('app.abTests.title')} tabIndex={0}>
        <Table size="small" aria-label={translate('app.abTests.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.abTests.columns.variant')}</TableCell>
              <TableCell>{translate(`app.abTests.fields.${test.field}`)}</TableCell>
              {figures.map((figure) => (
                <TableCell key={figure} align="right">
                  {translate(`app.abTests.columns.${figure}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {test.variants.map((variant) => (
              <TableRow key={variant.label} selected={variant.label === test.winner}>
                <TableCell component="th" scope="row">
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    {variant.label}
                    {variant.label === test.winner ? (
                      <Chip
                        size="small"
                        color="success"
                        icon={<EmojiEventsOutlinedIcon />}
                        label={translate('app.abTests.winner_badge')}
                      />
                    ) : null}
                  </Box>
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {test.field === 'content'
                    ? translate('app.abTests.content_value', { label: variant.label })
                    : variant.value}
                </TableCell>
                {figures.map((figure) => (
                  <TableCell key={figure} align="right">
                    {formatDutchNumber(variant[figure])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {test.decisionReason ? (
        <Alert severity="success" icon={<EmojiEventsOutlinedIcon />} data-testid="ab-test-reason">
          {test.decisionReason}
        </Alert>
      ) : null}
      <Typography variant="body2" data-testid="ab-test-rest">
        {test.remainderJobId
          ? translate('app.abTests.rest_sent', {
              sent: formatDutchNumber(test.remainderSent),
              count: formatDutchNumber(test.remainderRecipients),
            })
          : translate('app.abTests.rest', {
              smart_count: test.remainderRecipients,
              count: formatDutchNumber(test.remainderRecipients),
            })}
      </Typography>
      {undecided && variantsSent && decideAccess.shown ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {test.decideBy === 'manual' ? null : decideAccess.deniedReason ? (
            <DeniedButton
              variant="contained"
              text={translate('app.abTests.decide_now')}
              reason={decideAccess.deniedReason}
            />
          ) : (
            <Button variant="contained" onClick={() => ask()}>
              {translate('app.abTests.decide_now')}
            </Button>
          )}
          {test.variants.map((variant) =>
            chooseAccess.deniedReason ? (
              <DeniedButton
                key={variant.label}
                variant="outlined"
                text={translate('app.abTests.choose', { label: variant.label })}
                reason={chooseAccess.deniedReason}
              />
            ) : (
              <Button key={variant.label} variant="outlined" onClick={() => ask(variant.label)}>
                {translate('app.abTests.choose', { label: variant.label })}
              </Button>
            ),
          )}
        </Box>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <ConfirmedRun
        isOpen={confirming !== undefined}
        title={confirming?.winner ? 'app.abTests.confirm_choose_title' : 'app.abTests.confirm_decide_title'}
        content={confirming?.winner ? 'app.abTests.confirm_choose' : 'app.abTests.confirm_decide'}
        confirm={
          confirming?.winner
            ? translate('app.abTests.choose', { label: confirming.winner })
            : 'app.abTests.decide_now'
        }
        translateOptions={{
          label: confirming?.winner ?? '',
          smart_count: test.remainderRecipients,
          count: formatDutchNumber(test.remainderRecipients),
        }}
        titleTranslateOptions={{ label: confirming?.winner ?? '' }}
        confirmIcon={<SendIcon />}
        run={() => decide(confirming?.winner)}
        successMessage="app.abTests.decided"
        onFailure={(caught) => {
          setError(serverMessage(caught, translate('declarative.form.saveFailed')));
          return true;
        }}
        onClose={() => setConfirming(undefined)}
      />
    </Stack>
  );
}
