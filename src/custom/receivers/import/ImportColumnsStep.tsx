import { jsonAttributesTarget, nameSource } from '@contract/importRules';
import type { ImportMapping, ImportPreview, ImportTarget, OptedOutChoice } from '@contract/listImports';
import type { ListAttributeLabels } from '@contract/receivers';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { GridList } from '../../../layout/GridList';
import {
  assignTarget,
  importTargetChoices,
  labelsFilledFromJson,
  missingTargets,
  newLabelsOf,
  newLabelTarget,
} from './importTargets';
import { ImportOptedOutChoice } from './ImportOptedOutChoice';

/**
 * Step 3: the first rows of the file, and per column the field it fills (suggested by the server from
 * the Dutch or English header, or the list's label), a label of the list, a new label named after the
 * column, or 'Niet importeren'. Below: where the name comes from when no column holds it, and what
 * happens to the rows of people who opted out in the tool the file comes from.
 */
export function ImportColumnsStep({
  list,
  preview,
  mapping,
  onChange,
  optedOut,
  onOptedOutChange,
}: {
  list: ListAttributeLabels;
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange(mapping: ImportMapping): void;
  optedOut: OptedOutChoice;
  onOptedOutChange(choice: OptedOutChoice): void;
}) {
  const translate = useTranslate();
  const choices = importTargetChoices(list);
  const missing = missingTargets(mapping);
  const newLabels = newLabelsOf(mapping, preview.header, list, preview.rows);
  const labelNames = [
    ...choices.filter((c) => c.group === 'labels').map((c) => c.name),
    ...Object.values(newLabels),
  ];
  const source = nameSource(Object.values(mapping));
  const newLabelName = (label: string) => translate('app.receivers.imports.columns.new_label', { label });
  const choiceName = (target: ImportTarget) => {
    if (newLabels[target] !== undefined) return newLabelName(newLabels[target]);
    const choice = choices.find((candidate) => candidate.id === target);
    if (!choice) return translate('app.receivers.imports.columns.skip');
    return choice.group === 'labels' ? choice.name : translate(choice.name);
  };

  return (
    <Stack spacing={2}>
      <Typography>{translate('app.receivers.imports.columns.intro')}</Typography>
      <section aria-labelledby="import-preview-title">
        <Typography id="import-preview-title" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {translate('app.receivers.imports.columns.preview')}
        </Typography>
        <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }} tabIndex={0}>
          <Table size="small" aria-labelledby="import-preview-title">
            <TableHead>
              <TableRow>
                {preview.header.map((name, column) => (
                  <TableCell key={column} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {name}
                    <Typography variant="caption" component="div" color="primary">
                      {choiceName(mapping[String(column)] ?? 'skip')}
                    </Typography>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.rows.map((row, index) => (
                <TableRow key={index}>
                  {preview.header.map((_, column) => (
                    <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                      {row[column] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </section>
      <GridList columns={{ xs: '1fr', md: '1fr 1fr' }} gap={1.5}>
        {preview.header.map((name, column) => {
          const examples = preview.rows
            .map((row) => row[column] ?? '')
            .filter(Boolean)
            .slice(0, 3);
          const newLabel = newLabelTarget(mapping, preview.header, list, column);
          const filledFromJson =
            mapping[String(column)] === jsonAttributesTarget
              ? labelsFilledFromJson(preview.rows, column, labelNames)
              : null;
          const labelId = `import-column-${column}-label`;
          const titleId = `import-column-${column}-title`;
          return (
            <Paper component="li" key={column} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
              <Typography id={titleId} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {translate('app.receivers.imports.columns.column')} {column + 1}: {name || '–'}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: 1 }}>
                {examples.length
                  ? examples.join(', ')
                  : translate('app.receivers.imports.columns.no_examples')}
              </Typography>
              <FormControl size="small" fullWidth>
                <InputLabel id={labelId}>{translate('app.receivers.imports.columns.target')}</InputLabel>
                <Select
                  labelId={labelId}
                  label={translate('app.receivers.imports.columns.target')}
                  value={mapping[String(column)] ?? 'skip'}
                  // Named after its column ('Kolom 4: Buurt'), not only 'Importeren als' like every other.
                  SelectDisplayProps={{ 'aria-labelledby': `${titleId} ${labelId}` } as object}
                  onChange={(event) =>
                    onChange(assignTarget(mapping, column, event.target.value as ImportTarget))
                  }
                >
                  <MenuItem value="skip">{translate('app.receivers.imports.columns.skip')}</MenuItem>
                  <ListSubheader>{translate('app.receivers.imports.columns.fields')}</ListSubheader>
                  {choices
                    .filter((choice) => choice.group === 'fields')
                    .map((choice) => (
                      <MenuItem key={choice.id} value={choice.id}>
                        {translate(choice.name)}
                      </MenuItem>
                    ))}
                  {choices.some((choice) => choice.group === 'labels') ? (
                    <ListSubheader>{translate('app.receivers.imports.columns.labels')}</ListSubheader>
                  ) : null}
                  {choices
                    .filter((choice) => choice.group === 'labels')
                    .map((choice) => (
                      <MenuItem key={choice.id} value={choice.id}>
                        {choice.name}
                      </MenuItem>
                    ))}
                  {newLabel ? (
                    <ListSubheader>{translate('app.receivers.imports.columns.new_labels')}</ListSubheader>
                  ) : null}
                  {newLabel ? <MenuItem value={newLabel}>{newLabelName(name.trim())}</MenuItem> : null}
                </Select>
              </FormControl>
              {filledFromJson ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {filledFromJson.length
                    ? translate('app.receivers.imports.columns.json_fills', {
                        labels: filledFromJson.join(', '),
                      })
                    : translate('app.receivers.imports.columns.json_fills_none')}
                </Typography>
              ) : null}
            </Paper>
          );
        })}
      </GridList>
      <ImportOptedOutChoice preview={preview} choice={optedOut} onChange={onOptedOutChange} />
      {missing.length === 0 && source !== 'column' ? (
        <Alert severity="info">{translate(`app.receivers.imports.columns.name_${source}`)}</Alert>
      ) : null}
      {Object.keys(newLabels).length > 0 ? (
        <Alert severity="info">
          {translate('app.receivers.imports.columns.new_labels_note', {
            labels: Object.values(newLabels).join(', '),
          })}
        </Alert>
      ) : null}
      {missing.length > 0 ? (
        <Alert severity="info">
          {translate('app.receivers.imports.columns.missing', {
            fields: missing.map((target) => choiceName(target)).join(' en '),
          })}
        </Alert>
      ) : null}
    </Stack>
  );
}
