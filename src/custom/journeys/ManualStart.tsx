import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../../dataProvider/serverMessage';
import { DeniedButton } from '../../declarative/DeniedButton';
import { useCallAccess } from '../../declarative/useDeclaredAccess';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { OptionSelect } from './OptionSelect';
import { useOptions } from './useOptions';

/**
 * 'Handmatig': a list or audience enters the active journey now (POST /journeys/{id}/enroll). A Redacteur
 * sees 'Nu starten' disabled with the reason; a Lezer sees nothing to start with.
 */
export function ManualStart({ journeyId, active }: { journeyId: string; active: boolean }) {
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const lists = useOptions('lists', 'title', { isDeleted: false });
  const audiences = useOptions('audiences', 'name');
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [kind, id] = chosen.split(':');
  const access = useCallAccess('journeys', 'enroll', { reason: 'app.journeys.manual.start_denied' });
  const start = async () => {
    setProblem(undefined);
    setBusy(true);
    try {
      const { data } = await dataProvider.action('journeys', 'enroll', {
        id: journeyId,
        data: kind === 'list' ? { listId: id } : { audienceId: id },
      });
      notify('app.journeys.manual.started', { type: 'success', messageArgs: { smart_count: data.enrolled } });
    } catch (error) {
      setProblem(serverMessage(error, translate('ra.notification.http_error')));
    } finally {
      setBusy(false);
    }
  };
  if (!access.shown) return null;
  if (access.deniedReason)
    return (
      <DeniedButton
        variant="outlined"
        text={translate('app.journeys.manual.start')}
        reason={access.deniedReason}
      />
    );
  return (
    <>
      <OptionSelect
        label={translate('app.journeys.manual.source')}
        value={chosen}
        options={[
          ...lists.map((list) => ({
            id: `list:${list.id}`,
            name: translate('app.journeys.manual.list_option', { name: list.name }),
          })),
          ...audiences.map((audience) => ({
            id: `audience:${audience.id}`,
            name: translate('app.journeys.manual.audience_option', { name: audience.name }),
          })),
        ]}
        onChange={setChosen}
      />
      <Button variant="outlined" disabled={!active || !chosen || busy} onClick={() => void start()}>
        {translate('app.journeys.manual.start')}
      </Button>
      {!active && <Typography variant="body2">{translate('app.journeys.manual.only_active')}</Typography>}
      {problem && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {problem}
        </Alert>
      )}
    </>
  );
}
