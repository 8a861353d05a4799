import { useEffect, useRef, useState } from 'react';
import { slideOverCloseEvent, slideOverEvent, type SlideOverRequest } from './events';
import { SlideOverDrawer } from './SlideOverDrawer';
import type { SlideOverRegistry } from './slideOverTypes';

export interface SlideOverStackProps {
  registry: SlideOverRegistry;
}

interface OpenPanel {
  key: number;
  request: SlideOverRequest;
  /** False while the panel slides out; it is removed once the animation ends. */
  open: boolean;
}

/**
 * Shows the panels of `registry` requested with the `slideover` window event. Panels stack: a panel
 * opened from a panel (a media picker inside a form) covers it without losing its input.
 * `slideover:close`, 'Sluiten', the close icon and Escape close the topmost one.
 */
export function SlideOverStack({ registry }: SlideOverStackProps) {
  const [panels, setPanels] = useState<readonly OpenPanel[]>([]);
  const nextKey = useRef(0);

  useEffect(() => {
    const open = (event: Event) => {
      const request = (event as CustomEvent<SlideOverRequest | undefined>).detail;
      if (!request?.type) return;
      const key = nextKey.current++;
      setPanels((current) => [...current, { key, request, open: true }]);
    };
    const closeTopmost = () => setPanels(closeLastOpen);
    window.addEventListener(slideOverEvent, open);
    window.addEventListener(slideOverCloseEvent, closeTopmost);
    return () => {
      window.removeEventListener(slideOverEvent, open);
      window.removeEventListener(slideOverCloseEvent, closeTopmost);
    };
  }, []);

  const close = (key: number) =>
    setPanels((current) => current.map((panel) => (panel.key === key ? { ...panel, open: false } : panel)));
  const remove = (key: number) => setPanels((current) => current.filter((panel) => panel.key !== key));

  return panels.map(({ key, request, open }) => (
    <SlideOverDrawer
      key={key}
      request={request}
      component={registry[request.type]}
      open={open}
      onClose={() => close(key)}
      onExited={() => remove(key)}
    />
  ));
}

function closeLastOpen(panels: readonly OpenPanel[]): readonly OpenPanel[] {
  const index = panels.findLastIndex((panel) => panel.open);
  return index === -1 ? panels : panels.map((panel, i) => (i === index ? { ...panel, open: false } : panel));
}
