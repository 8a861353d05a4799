import type { PublicationVariant } from '@contract/publications';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { abTestLimits } from '@contract/abTests';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../../dataProvider/serverMessage';
import { ConfirmedRun } from '../../declarative/ConfirmedRun';
import { useDeclaredAccess } from '../../declarative/useDeclaredAccess';
import { publications } from '../../resources/publications';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';

/**
 * Which content the publication page shows and edits: 'A' (the publication's own blocks) or one of its
 * content variants for an A/B test of content, with 'Variant toevoegen' (a copy of the blocks) and the
 * removal of the variant shown.
 */
export function ContentVariantBar({
  publicationId,
  variants,
  shown,
  onShow,
}: {
  publicationId: string;
  variants: readonly PublicationVariant[];
  /** The label shown: 'A', 'B', … */
  shown: string;
  onShow(label: string): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDeclaredDataProvider();
  const mayAdd = useDeclaredAccess(publications, 'addVariant').shown;
  const mayRemove = useDeclaredAccess(publications, 'removeVariant').shown;
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const current = variants.find((variant) => variant.label === shown);

  async function add() {
    setAdding(true);
    try {
      const { data } = await dataProvider.action('publications', 'addVariant', { id: publicationId });
      onShow(data.label);
      notify('app.abTests.variants.added', { type: 'success', messageArgs: { label: data.label } });
    } catch (error) {
      const message = serverMessage(error, 'ra.notification.http_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setAdding(false);
    }
  }

  if (variants.length === 0 && !mayAdd) return null;
  return (
    <Box
      component="section"
      aria-label={translate('app.abTests.variants.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      {variants.length > 0 ? (
        <>
          <Typography id="content-variant-label" variant="body2" color="text.secondary">
            {translate('app.abTests.variants.label')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={shown}
            onChange={(_event, label: string | null) => label && onShow(label)}
            aria-labelledby="content-variant-label"
          >
            <ToggleButton value="A">{translate('app.abTests.variants.own')}</ToggleButton>
            {variants.map((variant) => (
              <ToggleButton key={variant.id} value={variant.label}>
                {variant.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.abTests.variants.help')}
        </Typography>
      )}
      {mayAdd && variants.length + 1 < abTestLimits.maxVariants ? (
        <Button size="small" startIcon={<AddIcon />} disabled={adding} onClick={() => void add()}>
          {translate('app.abTests.variants.add')}
        </Button>
      ) : null}
      {mayRemove && current ? (
        <>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => setConfirming(true)}
          >
            {translate('app.abTests.variants.remove', { label: current.label })}
          </Button>
          <ConfirmedRun
            isOpen={confirming}
            title="app.abTests.variants.remove"
            content="app.abTests.variants.remove_confirm"
            translateOptions={{ label: current.label }}
            run={() =>
              dataProvider.action('publications', 'removeVariant', {
                id: publicationId,
                data: { variantId: current.id },
              })
            }
            onDone={() => onShow('A')}
            successMessage="app.abTests.variants.removed"
            onClose={() => setConfirming(false)}
          />
        </>
      ) : null}
    </Box>
  );
}
