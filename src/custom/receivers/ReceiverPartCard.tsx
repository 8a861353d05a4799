import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { useGetList, useTranslate, type SortPayload } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDutchNumber } from '../../i18n/dutchNumber';
import { IconBadge } from '../../layout/IconBadge';

export interface ReceiverPartCardProps {
  /** The declared resource whose total is shown; none for a part without a total (finding a person). */
  count?: {
    resource: string;
    /** A sort the resource's list read accepts (the server refuses unknown sort fields). */
    sort: SortPayload;
    filter?: Record<string, unknown>;
  };
  to: string;
  title: string;
  text: string;
  icon: ComponentType<SvgIconProps>;
}

/** One part of the receivers overview: its name, how many there are (one row read for the total) and a link. */
export function ReceiverPartCard({ count, to, title, text, icon }: ReceiverPartCardProps) {
  const translate = useTranslate();
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <IconBadge icon={icon} size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem' }}>
              {translate(title)}
            </Typography>
            {count ? <PartTotal {...count} title={title} /> : null}
            <Typography variant="body2" color="text.secondary">
              {translate(text)}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** How many there are of the part: one row read for the total. */
function PartTotal({
  resource,
  sort,
  filter,
  title,
}: NonNullable<ReceiverPartCardProps['count']> & { title: string }) {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort,
    filter,
  });
  return (
    <Typography
      variant="h1"
      component="p"
      sx={{ my: 0.5 }}
      aria-label={`${translate(title)}: ${total ?? ''}`}
      data-testid={`${resource}-count`}
    >
      {isPending ? (
        <Skeleton width={48} />
      ) : error || total === undefined ? (
        translate('app.receivers.overview.count_unknown')
      ) : (
        formatDutchNumber(total)
      )}
    </Typography>
  );
}
