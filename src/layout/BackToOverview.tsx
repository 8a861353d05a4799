import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

interface BackToOverviewProps {
  /** The overview's route, e.g. '/recievers/lists/'. */
  to: string;
  /** i18n key of the text, e.g. 'app.receivers.lists.page.back' ('Alle lijsten'). */
  label: string;
}

/** The small link above a detail page's title that leads back to its overview table. */
export function BackToOverview({ to, label }: BackToOverviewProps) {
  const translate = useTranslate();
  return (
    <Button component={Link} to={to} size="small" startIcon={<ArrowBackIcon />} sx={{ ml: -1, mb: 1 }}>
      {translate(label, { _: label })}
    </Button>
  );
}
