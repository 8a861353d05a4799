import type { Publication, PublicationType } from '@contract/publications';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError, useGetOne, useTranslate } from 'react-admin';
import { useSession } from '../../authProvider/useSession';
import { useDeclaredQuery, useFetchDeclared } from '../../declarative/useDeclaredQuery';
import { InboxLine } from './InboxLine';
import { useElementWidth } from './useElementWidth';
import { webVersionUrl } from './webVersionUrl';
import type { ServerErrorBody } from '../../dataProvider/serverError';
import { serverMessage } from '../../dataProvider/serverMessage';
import { PreviewRecipientField } from './PreviewRecipientField';
import { LoadError } from '../../layout/LoadError';

/** The widths the preview shows: an e-mail's 600 px on a computer, a phone's screen, or the plain text. */
export const previewWidths = { desktop: 600, phone: 375 } as const;
export type PreviewView = keyof typeof previewWidths | 'text';

const frameHeight = 720;

/**
 * The publication as recipients will see it, through a template of its type: in a sandboxed frame that
 * runs no script (the HTML comes from the server's renderer), at desktop or phone width, or as plain
 * text, under the line an inbox shows for it (sender, subject, preview text). For a public publication, a
 * link to its web version.
 */
export function PublicationPreview({
  publication,
  focusBlockId,
  templateId,
  variant,
}: {
  publication: Publication;
  /** The block being edited: the preview scrolls to it. */
  focusBlockId?: string;
  /** The template shown first (the one a send goes out with); the type's first when absent. */
  templateId?: string;
  /** A content variant of an A/B test ('B' to 'D') instead of the publication's own blocks. */
  variant?: string;
}) {
  const translate = useTranslate();
  const { baseUrl = '', environmentId = '' } = useSession();
  const type = useGetOne<PublicationType>('publicationTypes', { id: publication.publicationTypeId });
  const templates = type.data?.templates ?? [];
  const [chosenTemplateId, setTemplateId] = useState<string | undefined>(templateId);
  const template = templates.find((candidate) => candidate.id === chosenTemplateId) ?? templates.at(0);
  const [view, setView] = useState<PreviewView>('desktop');
  const [recipient, setRecipient] = useState<string>();
  // Rendered again after every change of the publication or its blocks; the last rendering stays shown
  // while the next one loads, so the preview does not flash.
  const preview = useDeclaredQuery(
    'publications',
    'render',
    { id: String(publication.id), data: { templateId: template?.id, recipient, variant } },
    { enabled: Boolean(template), keepPrevious: true },
  );
  // The mail keeps its real width; where the column is narrower it is shown smaller, never cut off.
  const [stage, stageWidth] = useElementWidth();
  const frameWidth = view === 'text' ? 0 : previewWidths[view];
  const scale = stageWidth && frameWidth > stageWidth ? stageWidth / frameWidth : 1;
  // An address is read once before it is shown: one the server does not know is said at the field,
  // and the preview stays as it was.
  const [refusal, setRefusal] = useState<string>();
  const fetchDeclared = useFetchDeclared();
  const showAs = async (next: string | undefined) => {
    setRefusal(undefined);
    if (next !== undefined && template) {
      const params = {
        id: String(publication.id),
        data: { templateId: template.id, recipient: next, variant },
      };
      const refused = await fetchDeclared('publications', 'render', params).then(
        () => undefined,
        (error: unknown) =>
          error instanceof HttpError && (error.body as ServerErrorBody | undefined)?.field === 'recipient'
            ? error.message
            : undefined,
      );
      if (refused) return setRefusal(refused);
    }
    setRecipient(next);
  };
  const frame = useRef<HTMLIFrameElement>(null);
  const scrollToBlock = useCallback(() => {
    if (focusBlockId) scrollFrameTo(frame.current, `block-${focusBlockId}`);
  }, [focusBlockId]);
  useEffect(scrollToBlock, [scrollToBlock]);

  return (
    <Card variant="outlined" component="section" aria-labelledby="publication-preview-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography id="publication-preview-title" variant="h6" component="h3" sx={{ flex: 1 }}>
            {variant
              ? translate('app.abTests.variants.preview_title', { label: variant })
              : translate('app.publications.preview.title')}
          </Typography>
          {publication.isPublic ? (
            <Link
              href={webVersionUrl(baseUrl, environmentId, String(publication.id))}
              target="_blank"
              rel="noopener"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              {translate('app.publications.preview.web_version')}
              <OpenInNewIcon fontSize="inherit" />
            </Link>
          ) : null}
        </Stack>
        {type.isSuccess && templates.length === 0 ? (
          <Alert severity="info">{translate('app.publications.preview.no_templates')}</Alert>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
            <TextField
              select
              size="small"
              label={translate('app.publications.preview.template')}
              value={template?.id ?? ''}
              onChange={(event) => setTemplateId(event.target.value)}
              sx={{ minWidth: 160 }}
            >
              {templates.map((candidate) => (
                <MenuItem key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={view}
              onChange={(_event, next: PreviewView | null) => next && setView(next)}
              aria-label={translate('app.publications.preview.view')}
            >
              <ToggleButton value="desktop">{translate('app.publications.preview.desktop')}</ToggleButton>
              <ToggleButton value="phone">{translate('app.publications.preview.phone')}</ToggleButton>
              <ToggleButton value="text">{translate('app.publications.preview.text')}</ToggleButton>
            </ToggleButtonGroup>
            <PreviewRecipientField onApply={(next) => void showAs(next)} error={refusal} />
          </Stack>
        )}
        <Box sx={{ height: 4 }}>
          {preview.isFetching ? (
            <LinearProgress aria-label={translate('app.publications.preview.updating')} />
          ) : null}
        </Box>
        {preview.error ? (
          <LoadError
            message={serverMessage(preview.error, translate('app.publications.preview.failed'))}
            onRetry={() => void preview.refetch()}
          />
        ) : null}
        {preview.data ? (
          <InboxLine
            from={preview.data.from}
            subject={preview.data.subject}
            preheader={preview.data.preheader}
          />
        ) : null}
        {preview.data && view === 'text' ? (
          <Box
            component="pre"
            data-testid="preview-text"
            tabIndex={0}
            aria-label={translate('app.publications.preview.text')}
            sx={{
              whiteSpace: 'pre-wrap',
              fontFamily: 'monospace',
              fontSize: 13,
              bgcolor: 'action.hover',
              p: 2,
              m: 0,
              maxHeight: 720,
              overflow: 'auto',
              borderRadius: 1,
            }}
          >
            {preview.data.text}
          </Box>
        ) : null}
        {preview.data && view !== 'text' ? (
          <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
            <Box ref={stage} sx={{ width: '100%' }}>
              <Box
                sx={{
                  mx: 'auto',
                  width: frameWidth * scale,
                  height: frameHeight * scale,
                  overflow: 'hidden',
                }}
              >
                <Box
                  component="iframe"
                  // No script, no forms, no navigation: the frame only shows the rendered mail. Same
                  // origin (without scripts, it cannot act on it) lets the console scroll it to a block.
                  sandbox="allow-same-origin"
                  ref={frame}
                  onLoad={scrollToBlock}
                  srcDoc={preview.data.html}
                  title={translate('app.publications.preview.frame_title', {
                    name: publication.name,
                    template: template?.name ?? '',
                    width: frameWidth,
                  })}
                  data-testid="publication-preview-frame"
                  sx={{
                    display: 'block',
                    width: frameWidth,
                    height: frameHeight,
                    border: 0,
                    bgcolor: 'background.paper',
                    boxShadow: 1,
                    transform: scale < 1 ? `scale(${scale})` : undefined,
                    transformOrigin: 'top left',
                  }}
                />
              </Box>
            </Box>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Scrolls the frame's own document (not the page around it) so the element `id` is at its top. */
function scrollFrameTo(frame: HTMLIFrameElement | null, id: string): void {
  const document = frame?.contentDocument;
  const target = document?.getElementById(id);
  const scroller = document?.scrollingElement;
  if (!target || !scroller) return;
  scroller.scrollTo({ top: target.getBoundingClientRect().top + scroller.scrollTop, behavior: 'smooth' });
}
