import { useTranslate } from 'react-admin';
import { LoadError } from '../layout/LoadError';
import { SlideOverCloseButton } from './SlideOverCloseButton';
import { SlideOverPanel } from './SlideOverPanel';

/**
 * A panel that broke (its code or data could not be fetched): the panel's shell with the console's one
 * load error display, so it can be tried again or closed while the page behind it stays as it was.
 */
export function FailedSlideOver({ message, retry }: { message: string; retry: () => void }) {
  const translate = useTranslate();
  return (
    <SlideOverPanel title={translate('declarative.slideOver.failedTitle')} actions={<SlideOverCloseButton />}>
      <LoadError message={message} onRetry={retry} />
    </SlideOverPanel>
  );
}
