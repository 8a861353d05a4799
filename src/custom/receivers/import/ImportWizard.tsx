import type { ImportMapping, ImportMode, ListImport, OptedOutChoice } from '@contract/listImports';
import type { ReceiverList } from '@contract/receivers';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDeclaredDataProvider } from '../../../resources/useDeclaredDataProvider';
import { ImportColumnsStep } from './ImportColumnsStep';
import { ImportConsentStep } from './ImportConsentStep';
import { ImportFileStep, type ChosenFile } from './ImportFileStep';
import { ImportModeStep } from './ImportModeStep';
import { completeMapping, missingTargets, newLabelsOf } from './importTargets';
import { serverMessage } from '../../../dataProvider/serverMessage';

const steps = ['file', 'mode', 'columns', 'consent'] as const;

/**
 * The import wizard (Laposta's order): file → add/update/both → columns → consent. Starting uploads the
 * file with its mode, mapping and consent; the server then imports it in the background.
 */
export function ImportWizard({
  list,
  onStarted,
}: {
  list: ReceiverList;
  onStarted(started: ListImport): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDeclaredDataProvider();
  const meta = { listId: String(list.id) };
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ChosenFile>();
  const [mode, setMode] = useState<ImportMode>('add');
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [optedOut, setOptedOut] = useState<OptedOutChoice>('unsubscribe');
  const [consent, setConsent] = useState(false);
  const [triedStart, setTriedStart] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();

  const canGoOn = [chosen !== undefined, true, missingTargets(mapping).length === 0, consent][step];
  const start = async () => {
    setTriedStart(true);
    if (!chosen || !consent) return;
    setProblem(undefined);
    setSent(0);
    const newLabels = newLabelsOf(mapping, chosen.preview.header, list, chosen.preview.rows);
    try {
      const { data: started } = await dataProvider.upload('listImports', 'start', {
        meta,
        file: chosen.file,
        fields: {
          mode,
          mapping: JSON.stringify(mapping),
          consent: 'true',
          optedOut,
          ...(Object.keys(newLabels).length ? { newLabels: JSON.stringify(newLabels) } : {}),
        },
        onProgress: (loaded, total) => setSent(Math.round((loaded / total) * 100)),
      });
      onStarted(started);
    } catch (error) {
      const message = serverMessage(error, 'ra.notification.http_error');
      setProblem(translate(message, { _: message }));
      setSent(null);
    }
  };

  return (
    <Stack spacing={3}>
      <Stepper activeStep={step} alternativeLabel sx={{ '& .MuiStepLabel-label': { mt: 0.5 } }}>
        {steps.map((name) => (
          <Step key={name}>
            <StepLabel>{translate(`app.receivers.imports.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <section aria-labelledby="import-step-title">
        <Typography id="import-step-title" variant="h6" component="h3" sx={{ mb: 2 }}>
          {step + 1}. {translate(`app.receivers.imports.steps.${steps[step]}`)}
        </Typography>
        {step === 0 ? (
          <ImportFileStep
            chosen={chosen}
            readPreview={async (file) =>
              (await dataProvider.upload('listImports', 'preview', { meta, file })).data
            }
            onChosen={(next) => {
              setChosen(next);
              setMapping(completeMapping(next.preview.header.length, next.preview.suggestedMapping));
            }}
          />
        ) : null}
        {step === 1 ? <ImportModeStep mode={mode} onChange={setMode} /> : null}
        {step === 2 && chosen ? (
          <ImportColumnsStep
            list={list}
            preview={chosen.preview}
            mapping={mapping}
            onChange={setMapping}
            optedOut={optedOut}
            onOptedOutChange={setOptedOut}
          />
        ) : null}
        {step === 3 && chosen ? (
          <ImportConsentStep
            summary={translate('app.receivers.imports.consent.summary', {
              file: chosen.file.name,
              title: list.title,
              mode: translate(`app.receivers.imports.mode.${mode}`).toLowerCase(),
            })}
            consent={consent}
            showRequired={triedStart}
            onChange={setConsent}
          />
        ) : null}
      </section>
      {sent !== null ? (
        <Box role="status">
          <LinearProgress variant="determinate" value={sent} sx={{ mb: 1 }} aria-hidden />
          <Typography variant="body2">
            {translate('app.receivers.imports.consent.uploading', { percent: sent })}
          </Typography>
        </Box>
      ) : null}
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
        <Button disabled={step === 0 || sent !== null} onClick={() => setStep(step - 1)}>
          {translate('app.receivers.imports.previous')}
        </Button>
        {step < steps.length - 1 ? (
          <Button variant="contained" disabled={!canGoOn} onClick={() => setStep(step + 1)}>
            {translate('app.receivers.imports.next')}
          </Button>
        ) : (
          <Button variant="contained" disabled={sent !== null} onClick={() => void start()}>
            {translate('app.receivers.imports.consent.start')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
