import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { SlideOverCloseButton } from './SlideOverCloseButton';
import { SlideOverPanel } from './SlideOverPanel';

/** Shown for a `slideover` event whose type nobody registered (spec §2). */
export function UnknownSlideOver({ type }: { type: string }) {
  const translate = useTranslate();
  return (
    <SlideOverPanel
      title={translate('declarative.slideOver.unknownTitle')}
      actions={<SlideOverCloseButton />}
    >
      <Alert severity="info">{translate('declarative.slideOver.unknownType', { type })}</Alert>
    </SlideOverPanel>
  );
}
