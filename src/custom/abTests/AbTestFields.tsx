import {
  abTestDecisions,
  abTestFields,
  abTestLimits,
  abTestValueLength,
  variantLabel,
  type AbTestField,
} from '@contract/abTests';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DutchNumberInput } from '../../declarative/DutchNumberInput';
import { formatDutchNumber } from '../../i18n/dutchNumber';
import { abTestDefaults, abTestSplit, type AbTestFormValues } from './abTestForm';

const variantCounts = Array.from(
  { length: abTestLimits.maxVariants - abTestLimits.minVariants + 1 },
  (_, index) => ({ id: abTestLimits.minVariants + index, name: String(abTestLimits.minVariants + index) }),
);
const requireVariant = required('app.abTests.variant_required');
/** A variant is checked here as the server checks it: filled in and no longer than the field allows. */
const variantChecks = (field: AbTestField) => [
  requireVariant,
  maxLength(abTestValueLength[field], 'app.abTests.variant_too_long'),
];
const shareRange = [
  required(),
  minValue(abTestLimits.minSharePercent),
  maxValue(abTestLimits.maxSharePercent),
];
const waitRange = [required(), minValue(abTestLimits.minWaitHours), maxValue(abTestLimits.maxWaitHours)];

/**
 * The A/B test of the deliver form: off by default; on, what is tested, 2 to 4 variants of it, the test
 * share, the wait and how the winner is chosen, and what that means for the recipients of the checks.
 */
export function AbTestFields({ recipients }: { recipients: number }) {
  const translate = useTranslate();
  const values = (useWatch({ name: 'abTest' }) ?? abTestDefaults) as AbTestFormValues;
  const count = values.variantCount ?? abTestDefaults.variantCount;
  const field = values.field ?? abTestDefaults.field;
  const split = abTestSplit(recipients, values.sharePercent, count);
  return (
    <Box component="section" aria-label={translate('app.abTests.title')} sx={{ mt: 1 }}>
      <BooleanInput
        source="abTest.enabled"
        label="app.abTests.enabled"
        helperText="app.abTests.enabled_help"
      />
      {values.enabled ? (
        <Box sx={{ pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' }, mb: 1 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <SelectInput
              source="abTest.field"
              label="app.abTests.field"
              choices={abTestFields.map((id) => ({ id, name: `app.abTests.fields.${id}` }))}
              validate={required()}
              sx={{ minWidth: 200 }}
            />
            <SelectInput
              source="abTest.variantCount"
              label="app.abTests.variant_count"
              choices={variantCounts}
              validate={required()}
              sx={{ minWidth: 160 }}
            />
          </Box>
          {field === 'content' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('app.abTests.content_help')}
            </Typography>
          ) : null}
          {Array.from({ length: field === 'content' ? 0 : count }, (_, position) => (
            <TextInput
              key={position}
              source={`abTest.variants.${position}`}
              label={`${translate(`app.abTests.fields.${field}`)} — ${translate('app.abTests.variant', {
                label: variantLabel(position),
              })}`}
              validate={variantChecks(field)}
              fullWidth
            />
          ))}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <DutchNumberInput
              source="abTest.sharePercent"
              label="app.abTests.share"
              helperText="app.abTests.share_help"
              validate={shareRange}
            />
            {values.decideBy !== 'manual' ? (
              <DutchNumberInput
                source="abTest.waitHours"
                label="app.abTests.wait"
                helperText="app.abTests.wait_help"
                validate={waitRange}
              />
            ) : null}
          </Box>
          <RadioButtonGroupInput
            source="abTest.decideBy"
            label="app.abTests.decide_by"
            choices={abTestDecisions.map((id) => ({ id, name: `app.abTests.decisions.${id}` }))}
            helperText="app.abTests.decide_by_help"
          />
          {recipients > 0 && split ? (
            <Typography variant="body2" data-testid="ab-test-split">
              {translate('app.abTests.summary', {
                test: formatDutchNumber(split.test),
                perVariant: formatDutchNumber(split.perVariant),
                rest: formatDutchNumber(split.rest),
              })}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
