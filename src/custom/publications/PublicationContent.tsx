import type { Publication } from '@contract/publications';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PublicationBlocks } from './PublicationBlocks';
import { PublicationPreview } from './PublicationPreview';

/**
 * The content part of the publication page: the blocks with their editors and, beside them, the live
 * preview. Where the two do not fit side by side (below 1200 px) they are two tabs.
 */
export function PublicationContent({ record: publication }: { record: Publication }) {
  const translate = useTranslate();
  const sideBySide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [tab, setTab] = useState<'content' | 'preview'>('content');
  const [editingBlockId, setEditingBlockId] = useState<string>();

  if (sideBySide) {
    return (
      <Box
        sx={{
          display: 'grid',
          // Half and half on a laptop (the preview shown smaller); the full 600 px mail from 1536 px.
          gridTemplateColumns: { lg: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 1fr) 652px' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <PublicationBlocks record={publication} onEditingChange={setEditingBlockId} />
        {/* Below the sticky page bar. */}
        <Box sx={{ position: 'sticky', top: 72 }}>
          <PublicationPreview publication={publication} focusBlockId={editingBlockId} />
        </Box>
      </Box>
    );
  }
  return (
    <Box>
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
        <Box hidden={tab !== 'content'}>
          <PublicationBlocks record={publication} onEditingChange={setEditingBlockId} />
        </Box>
        {tab === 'preview' ? (
          <PublicationPreview publication={publication} focusBlockId={editingBlockId} />
        ) : null}
      </Box>
    </Box>
  );
}
