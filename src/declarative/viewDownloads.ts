import { useSyncExternalStore } from 'react';
import { serverAnswerTimeLimitMs } from '../dataProvider/answerDeadline';

/**
 * The views whose code is being downloaded. A click on a menu entry changes the address at once, but
 * react-router renders the new page in a transition: the old page stays on screen until the new page's
 * code is here. The layout shows progress meanwhile (NavigationProgress), so a slow or stopped server
 * is never a click that seems to do nothing.
 */
let pending = 0;
const listeners = new Set<() => void>();

function changePending(by: number) {
  pending += by;
  for (const listener of listeners) listener();
}

/** The view's code could not be downloaded in time (the server is stopped or hanging). */
export class ViewDownloadTimeout extends Error {
  constructor() {
    super('The view could not be downloaded in time');
    this.name = 'ViewDownloadTimeout';
  }
}

/**
 * Downloads a view's code, counted as pending until it settles; a download without an answer within
 * the server's answer time limit fails, so the page shows why instead of waiting without end.
 */
export function trackedDownload<TModule>(load: () => Promise<TModule>): Promise<TModule> {
  changePending(1);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeLimit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ViewDownloadTimeout()), serverAnswerTimeLimitMs);
  });
  return Promise.race([load(), timeLimit]).finally(() => {
    clearTimeout(timer);
    changePending(-1);
  });
}

/** Whether any view's code is on its way. */
export function useViewDownloading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
  );
}
