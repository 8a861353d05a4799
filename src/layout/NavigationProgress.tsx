import LinearProgress from '@mui/material/LinearProgress';
import { useTranslate } from 'react-admin';
import { useViewDownloading } from '../declarative/viewDownloads';

/**
 * A thin bar along the page header's lower edge while the next page's code downloads: the old page
 * stays on screen meanwhile (viewDownloads.ts), and the bar says the click was heard.
 */
export function NavigationProgress() {
  const translate = useTranslate();
  if (!useViewDownloading()) return null;
  return (
    <LinearProgress
      aria-label={translate('app.navigation.loading')}
      sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3 }}
    />
  );
}
