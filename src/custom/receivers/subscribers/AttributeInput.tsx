import type { AttributeNumber } from '@contract/receivers';
import { TextInput } from 'react-admin';
import type { DeclaredInputProps } from '../../../declarative/fieldDeclaration';
import { useSubscriberFormList } from './useSubscriberFormList';

/**
 * The input of attribute N of a subscriber: only when the list has set label N, and labelled with it
 * (spec §3: attribute1..attribute9 only for labels that are set). Values of other attributes stay as
 * they are.
 */
export function AttributeInput({ field }: DeclaredInputProps) {
  const list = useSubscriberFormList();
  const number = Number(field.source.replace('attribute', '')) as AttributeNumber;
  const label = list?.[`attributeLabel${number}`]?.trim();
  if (!label) return null;
  return <TextInput source={field.source} label={label} helperText={false} fullWidth />;
}
