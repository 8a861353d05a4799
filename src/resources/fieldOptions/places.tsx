import { unlimitedAnswers } from '@contract/formRules';
import { useTranslate } from 'react-admin';

function Unlimited() {
  return useTranslate()('app.forms.options.unlimited');
}

/** maxAnswers: 0 means unlimited (spec §9), shown 'onbeperkt'. */
export const places = (value: unknown) => (value === unlimitedAnswers ? <Unlimited /> : String(value));

/** Places left: none for an unlimited option (null); 0 means full. */
export const placesLeft = (value: unknown) =>
  value === null || value === undefined ? <Unlimited /> : String(value);
