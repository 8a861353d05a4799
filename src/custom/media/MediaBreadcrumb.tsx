import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { FolderPath } from './mediaPath';
import { rootFolderName } from './tileRules';

export interface MediaBreadcrumbProps {
  path: FolderPath;
  onNavigate(path: FolderPath): void;
}

/** Media › Foto's › Zomer: every level but the current one goes back to that folder. */
export function MediaBreadcrumb({ path, onNavigate }: MediaBreadcrumbProps) {
  const translate = useTranslate();
  const levels = [rootFolderName, ...path];
  return (
    <Breadcrumbs
      aria-label={translate('media.explorer.breadcrumb')}
      separator={<NavigateNextIcon fontSize="small" />}
      maxItems={5}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={2}
      sx={{ '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}
    >
      {levels.map((name, index) =>
        index === levels.length - 1 ? (
          <Typography
            key={index}
            color="text.primary"
            aria-current="page"
            sx={{ fontWeight: 500, wordBreak: 'break-word' }}
          >
            {name}
          </Typography>
        ) : (
          <Link
            key={index}
            component="button"
            type="button"
            underline="hover"
            color="inherit"
            onClick={() => onNavigate(path.slice(0, index))}
            sx={{ wordBreak: 'break-word' }}
          >
            {name}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
