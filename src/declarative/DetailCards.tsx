import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { GridList } from '../layout/GridList';
import { IconBadge } from '../layout/IconBadge';
import type { DetailCard } from './detailView';
import { useLabel } from './useLabel';

/** The cards of a detail page: per part its icon, name and current value; the whole card is the link. */
export function DetailCards({ cards, record }: { cards: readonly DetailCard<RaRecord>[]; record: RaRecord }) {
  const label = useLabel();
  return (
    <GridList columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}>
      {cards.map(({ title, icon, to, content: Content }) => (
        <Box component="li" key={title} sx={{ minWidth: 0 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea component={Link} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <IconBadge icon={icon} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                    {label(title)}
                  </Typography>
                  <Content record={record} />
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </GridList>
  );
}
