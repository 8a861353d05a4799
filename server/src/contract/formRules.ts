/**
 * The rules of the Forms area (spec §3 Form, Form field, Field option; §5; §9) as plain values: the
 * server validates with them and the console shows the same names, messages and limits, from this one file.
 */

import { fieldLabels } from './fieldLabels';

/** Question types (spec §3): sent and stored as numbers. */
export const formFieldTypes = { radio: 0, text: 1 } as const;
export type FormFieldType = (typeof formFieldTypes)[keyof typeof formFieldTypes];

/** Dutch names of the question types, for pickers and tables. */
export const formFieldTypeNames: Readonly<Record<FormFieldType, string>> = {
  0: 'Enkele keuze',
  1: 'Tekst',
};

/** maxAnswers 0 means unlimited (spec §9); shown as 'onbeperkt'. */
export const unlimitedAnswers = 0;
export const unlimitedAnswersText = 'onbeperkt';

/** Dutch field names: labels in the console, and the subject of the required-field messages. */
export const flowFieldNames = {
  name: fieldLabels.name,
  title: fieldLabels.title,
  description: fieldLabels.description,
  isClosed: fieldLabels.isClosed,
  closesAt: fieldLabels.closesAt,
} as const;
export const formFieldFieldNames = { label: 'Vraag', type: 'Type', required: 'Verplicht' } as const;
export const fieldOptionFieldNames = { label: 'Optie', maxAnswers: fieldLabels.maxAnswers } as const;

/** The required fields of each body (spec §5): form name, question label and type, option label and maxAnswers. */
export const requiredFlowFields = { name: flowFieldNames.name } as const;
export const requiredFormFieldFields = {
  label: formFieldFieldNames.label,
  type: formFieldFieldNames.type,
} as const;
export const requiredFieldOptionFields = fieldOptionFieldNames;

/** 'Naam is een verplicht veld', in the style of spec §5. */
export function requiredFieldMessage(fieldName: string): string {
  return `${fieldName} is een verplicht veld`;
}

/** Answered (409) to a submission after the form was closed, by hand or at its closing moment. */
export const formClosedMessage = 'Dit formulier is gesloten. Je kunt geen antwoorden meer versturen.';

/** Answered (409) when an option has no places left. */
export const optionFullMessage = 'Deze keuze is vol.';

/** Text limits (characters). */
export const formTextLimits = {
  flowName: 200,
  flowTitle: 200,
  flowDescription: 2000,
  fieldLabel: 500,
  optionLabel: 200,
  /** One text answer on the public form. */
  answer: 2000,
} as const;

/** Upper bound of maxAnswers (a sanity limit; 0 = unlimited is the way to say "no limit"). */
export const maxAnswersLimit = 1_000_000;
