import type { WebFont } from '@contract/themes';
import { pageSize } from '@contract/paging';
import { useGetList } from 'react-admin';

/** The theme's web fonts (at most 50, so one read holds them all), through the declared `webFonts` resource. */
export function useThemeWebFonts(themeId: string | undefined): { fonts: WebFont[]; isPending: boolean } {
  const { data, isPending } = useGetList<WebFont>(
    'webFonts',
    { filter: { themeId }, pagination: { page: 1, perPage: pageSize } },
    { enabled: !!themeId },
  );
  return { fonts: data ?? [], isPending: !!themeId && isPending };
}
