import type { Publication } from '@contract/publications';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ContentVariantBar } from '../abTests/ContentVariantBar';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';
import { PublicationBlocks } from './PublicationBlocks';
import { PublicationPreview } from './PublicationPreview';

/**
 * The content part of the publication page: the blocks with their editors and, beside them, the live
 * preview. Where the two do not fit side by side (below 1200 px) they are two tabs. Above them, the
 * content variants of an A/B test of content: the blocks and the preview are those of the variant shown.
 */
export function PublicationContent({ record: publication }: { record: Publication }) {
  const translate = useTranslate();
  const sideBySide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [tab, setTab] = useState<'content' | 'preview'>('content');
  const [editingBlockId, setEditingBlockId] = useState<string>();
  const variants = useDeclaredQuery('publications', 'variants', { id: String(publication.id) }).data ?? [];
  const [shownLabel, setShownLabel] = useState('A');
  const variant = variants.find((candidate) => candidate.label === shownLabel);
  // The blocks of the variant shown (a new editor per variant), and its preview.
  const blocks = (
    <PublicationBlocks
      key={variant?.id ?? 'A'}
      record={publication}
      variant={variant}
      onEditingChange={setEditingBlockId}
    />
  );
  const preview = (
    <PublicationPreview publication={publication} focusBlockId={editingBlockId} variant={variant?.label} />
  );
  const bar = (
    <ContentVariantBar
      publicationId={String(publication.id)}
      variants={variants}
      shown={variant?.label ?? 'A'}
      onShow={setShownLabel}
    />
  );

  if (sideBySide) {
    return (
      <Box>
        {bar}
        <Box
          sx={{
            display: 'grid',
            // Half and half on a laptop (the preview shown smaller); the full 600 px mail from 1536 px.
            gridTemplateColumns: { lg: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 1fr) 652px' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          {blocks}
          {/* Below the sticky page bar. */}
          <Box sx={{ position: 'sticky', top: 72 }}>{preview}</Box>
        </Box>
      </Box>
    );
  }
  return (
    <Box>
      {bar}
      <Tabs
        value={tab}
        onChange={(_event, next: 'content' | 'preview') => setTab(next)}
        variant="fullWidth"
        sx={{ mb: 1 }}
      >
        <Tab
          value="content"
          label={translate('app.publications.content.tab')}
          id="publication-tab-content"
          aria-controls="publication-tabpanel"
        />
        <Tab
          value="preview"
          label={translate('app.publications.preview.title')}
          id="publication-tab-preview"
          aria-controls="publication-tabpanel"
        />
      </Tabs>
      <Box role="tabpanel" id="publication-tabpanel" aria-labelledby={`publication-tab-${tab}`}>
        {/* The blocks stay mounted behind the preview tab, so an open editor keeps its draft. */}
        <Box hidden={tab !== 'content'}>{blocks}</Box>
        {tab === 'preview' ? preview : null}
      </Box>
    </Box>
  );
}
