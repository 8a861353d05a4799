import type { AnalyticsReport } from '@contract/analytics';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { GridList } from '../../../layout/GridList';
import { Link as RouterLink } from 'react-router-dom';
import { formatDutchNumber, formatDutchPercentage } from '../../../i18n/dutchNumber';

interface Tile {
  name: string;
  value: number;
  /** Rates beside the count ('36,4% van de afgeleverde berichten'), as Mailchimp and Laposta show them. */
  rates?: string[];
  notes: string[];
  /** Where the tile's figures are worked out in full (the RSVP page). */
  link?: { to: string; label: string };
}

/** An invitation's answers, in the order and words of its RSVP page (custom/rsvp/RsvpTiles.tsx). */
const rsvpAnswers = ['no', 'maybe', 'noAnswer'] as const;

/**
 * The headline figures: sent, delivered, bounces (hard and soft apart, complaints beside), opened (machines
 * apart), clicked, unsubscribed, with the open rate, click rate and click-to-open rate of human opens and
 * clicks (machines apart, as the tiles count them); for an invitation its answers (Ja, Nee, Misschien, Geen antwoord) with a
 * link to its RSVP page.
 */
export function AnalyticsTiles({
  report,
  publicationId,
}: {
  report: AnalyticsReport;
  publicationId: string;
}) {
  const translate = useTranslate();
  const key = (name: string) => `app.publications.analytics.tiles.${name}`;
  const rsvp = report.rsvp;
  const rsvpTile: Tile[] = rsvp
    ? [
        {
          name: 'rsvp',
          value: rsvp.yes,
          notes: rsvpAnswers.map(
            (answer) => `${translate(`app.rsvp.tiles.${answer}`)}: ${formatDutchNumber(rsvp[answer])}`,
          ),
          link: { to: `/publications/${publicationId}/rsvp`, label: translate(key('rsvp_link')) },
        },
      ]
    : [];
  /** `part` of `whole` as a rate; none while nothing was delivered (or opened). */
  const rate = (name: string, part: number, whole: number) =>
    whole > 0 ? [translate(key(name), { rate: formatDutchPercentage(part / whole) })] : [];
  const tiles: Tile[] = [
    { name: 'sent', value: report.sent, notes: [] },
    { name: 'delivered', value: report.delivered, notes: [] },
    {
      name: 'bounces',
      value: report.bounces,
      notes: [
        translate(key('bounces_split'), {
          hard: formatDutchNumber(report.hardBounces),
          soft: formatDutchNumber(report.softBounces),
        }),
        ...(report.complaints > 0
          ? [translate(key('complaints'), { count: formatDutchNumber(report.complaints) })]
          : []),
      ],
    },
    {
      name: 'opened',
      value: report.opens.unique,
      rates: rate('open_rate', report.opens.unique, report.delivered),
      notes:
        report.opens.machine > 0
          ? [translate(key('opened_machine'), { count: formatDutchNumber(report.opens.machine) })]
          : [],
    },
    {
      name: 'clicked',
      value: report.clicks.unique,
      rates: [
        ...rate('click_rate', report.clicks.unique, report.delivered),
        ...rate('click_to_open_rate', report.clicks.unique, report.opens.unique),
      ],
      notes: [
        translate(key('clicked_total'), { total: formatDutchNumber(report.clicks.total) }),
        ...(report.clicks.machine > 0
          ? [translate(key('clicked_machine'), { count: formatDutchNumber(report.clicks.machine) })]
          : []),
      ],
    },
    { name: 'unsubscribed', value: report.unsubscribed, notes: [] },
    ...rsvpTile,
  ];
  return (
    <GridList columns={{ xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: `repeat(${tiles.length}, 1fr)` }}>
      {tiles.map((tile) => (
        <Paper
          component="li"
          key={tile.name}
          variant="outlined"
          sx={{ p: 2 }}
          data-testid={`tile-${tile.name}`}
        >
          <Typography variant="body2" color="text.secondary">
            {translate(key(tile.name))}
          </Typography>
          <Typography variant="h4" component="p">
            {formatDutchNumber(tile.value)}
          </Typography>
          {tile.rates?.map((text) => (
            <Typography key={text} variant="body2" component="p" sx={{ fontWeight: 500 }}>
              {text}
            </Typography>
          ))}
          {tile.notes.map((note) => (
            <Typography key={note} variant="caption" color="text.secondary" component="p">
              {note}
            </Typography>
          ))}
          {tile.link ? (
            <Link component={RouterLink} to={tile.link.to} variant="body2">
              {tile.link.label}
            </Link>
          ) : null}
        </Paper>
      ))}
    </GridList>
  );
}
