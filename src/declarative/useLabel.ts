import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { Label } from './label';

/** Translates a Label: an i18n key gives its message, a Dutch literal is shown as it is. */
export function useLabel(): (label: Label, options?: Record<string, unknown>) => string {
  const translate = useTranslate();
  return useCallback((label, options) => translate(label, { _: label, ...options }), [translate]);
}
