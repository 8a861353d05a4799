import type { FileUsage } from '@contract/media';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export interface FileUsageListProps {
  usage: FileUsage;
  /** Only these publications (the drafts, in the delete question); all by default. */
  onlyDrafts?: boolean;
  /** A publication's link was followed (the panel closes). */
  onNavigate?(): void;
}

/**
 * Where a file is used: the environment's logo and each publication with the blocks that show it,
 * marked 'Verzonden' (its messages load the image, so the file stays) or 'Concept'.
 */
export function FileUsageList({ usage, onlyDrafts = false, onNavigate }: FileUsageListProps) {
  const translate = useTranslate();
  const publications = onlyDrafts ? usage.publications.filter((p) => !p.sent) : usage.publications;
  if (!onlyDrafts && !usage.themeLogo && publications.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('media.usage.none')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={translate('media.usage.title')}>
      {usage.themeLogo && !onlyDrafts ? (
        <ListItem disableGutters>
          <ListItemText primary={translate('media.usage.theme_logo')} />
          <Chip size="small" color="warning" label={translate('media.usage.in_use')} />
        </ListItem>
      ) : null}
      {publications.map((publication) => (
        <ListItem key={publication.id} disableGutters sx={{ gap: 1 }}>
          <ListItemText
            primary={
              <Link
                component={RouterLink}
                to={`/publications/${publication.id}`}
                onClick={onNavigate}
                underline="hover"
              >
                {publication.name}
              </Link>
            }
            secondary={translate('media.usage.blocks', {
              blocks: publication.blocks.map((block) => `${block.position + 1}. ${block.name}`).join(', '),
              smart_count: publication.blocks.length,
            })}
          />
          <Chip
            size="small"
            variant={publication.sent ? 'filled' : 'outlined'}
            color={publication.sent ? 'warning' : 'default'}
            label={translate(publication.sent ? 'media.usage.sent' : 'media.usage.draft')}
          />
        </ListItem>
      ))}
    </List>
  );
}
