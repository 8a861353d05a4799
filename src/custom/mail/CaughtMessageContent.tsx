import type { CaughtMessage } from '@contract/mail';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

type Part = 'html' | 'text' | 'headers';
const parts: readonly Part[] = ['html', 'text', 'headers'];

/**
 * A caught message as it was sent: the HTML version in a sandboxed frame (`sandbox=""`: no scripts, no
 * forms, no navigation of the console, a unique origin; it is mail, not console content), the text
 * version and every header, one tab each.
 */
export function CaughtMessageContent({ record: message }: { record: CaughtMessage }) {
  const translate = useTranslate();
  const [part, setPart] = useState<Part>(message.html === null ? 'text' : 'html');
  const id = useId();
  return (
    <Card variant="outlined" component="section">
      {/* On a phone the last tab does not fit: arrows show that the row scrolls, rather than a cut-off 'Headers'. */}
      <Tabs
        value={part}
        onChange={(_event, next: Part) => setPart(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {parts.map((candidate) => (
          <Tab
            key={candidate}
            value={candidate}
            label={translate(`app.mail.${candidate}`)}
            id={`${id}-tab-${candidate}`}
            aria-controls={`${id}-panel-${candidate}`}
          />
        ))}
      </Tabs>
      <CardContent role="tabpanel" id={`${id}-panel-${part}`} aria-labelledby={`${id}-tab-${part}`}>
        {part === 'html' && <HtmlPart html={message.html} />}
        {part === 'text' && <TextPart text={message.text} />}
        {part === 'headers' && <HeadersPart headers={message.headers} />}
      </CardContent>
    </Card>
  );
}

function HtmlPart({ html }: { html: string | null }) {
  const translate = useTranslate();
  if (html === null) return <Typography>{translate('app.mail.no_html')}</Typography>;
  return (
    <Box
      component="iframe"
      sandbox=""
      srcDoc={html}
      title={translate('app.mail.html_frame')}
      sx={{
        width: '100%',
        height: '70vh',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
      }}
    />
  );
}

function TextPart({ text }: { text: string | null }) {
  const translate = useTranslate();
  if (text === null) return <Typography>{translate('app.mail.no_text')}</Typography>;
  return (
    <Box
      component="pre"
      sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 14 }}
    >
      {text}
    </Box>
  );
}

function HeadersPart({ headers }: { headers: CaughtMessage['headers'] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.mail.header_name')}</TableCell>
            <TableCell>{translate('app.mail.header_value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {headers.map((header, index) => (
            <TableRow key={index}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{header.name}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>{header.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
