import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { useSlideOver } from './SlideOverContext';

/** The panel's 'Sluiten' button. */
export function SlideOverCloseButton() {
  const { close } = useSlideOver();
  const translate = useTranslate();
  return <Button onClick={close}>{translate('declarative.slideOver.close')}</Button>;
}
