import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PublicArchiveRecord } from '../../resources/publicArchive';

/** Where the archive and its feed are read, to link from the organisation's own site. */
export function PublicArchiveLinks({ record }: { record: PublicArchiveRecord }) {
  const translate = useTranslate();
  const links = [
    { label: 'app.settings.archive.page', href: record.archiveUrl },
    { label: 'app.settings.archive.feed', href: record.feedUrl },
  ];
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {translate(record.enabled ? 'app.settings.archive.links_on' : 'app.settings.archive.links_off')}
      </Typography>
      {links.map(({ label, href }) => (
        <Typography key={href} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {translate(label)}:{' '}
          {record.enabled ? (
            <Link href={href} target="_blank" rel="noopener">
              {href}
            </Link>
          ) : (
            href
          )}
        </Typography>
      ))}
    </Stack>
  );
}
