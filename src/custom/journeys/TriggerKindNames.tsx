import type { TriggerKind } from '@contract/journeys';
import { useTranslate } from 'react-admin';
import { triggerKindsUi } from './kindLabels';

/** The Dutch names of a journey's trigger kinds, for the overview's column ('Datum, Handmatig'). */
export function TriggerKindNames({ kinds }: { kinds: readonly string[] }) {
  const translate = useTranslate();
  return kinds
    .map((kind) => translate(triggerKindsUi[kind as TriggerKind]?.label ?? kind, { _: kind }))
    .join(', ');
}
