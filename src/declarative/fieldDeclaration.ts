import type { ComponentType, ReactNode } from 'react';
import type { Identifier, RaRecord, SortPayload, Validator } from 'react-admin';
import type { Label } from './label';

/**
 * A property name of the record type; plain `string` for untyped records. Spelled as the keys of a
 * mapped type rather than `Extract<keyof TRecord, string>` so that TypeScript compares declarations by
 * their structure: a `ResourceDeclaration<List>` then fits where a `ResourceDeclaration` is expected.
 */
export type FieldSource<TRecord extends RaRecord> = Extract<
  keyof { [K in keyof TRecord as Extract<K, string>]: K },
  string
>;

/** What a field holds; it decides the generated input and table cell. */
export type FieldKind = FieldDeclaration['kind'];

export interface Choice {
  /** Text, number (sent as a number, e.g. question type 0/1) or boolean (Persoon/Organisatie). */
  id: Identifier | boolean;
  name: Label;
}

/**
 * What a form knows besides its inputs: the record it was opened with (the edited record, or the
 * parent a new record goes into) and its call values (`{listId}`); `values` are the inputs' current values.
 */
export interface FormContextValues {
  record?: RaRecord;
  meta?: Record<string, unknown>;
  values: Record<string, unknown>;
}

/** Props a custom input receives in place of the generated one. */
export interface DeclaredInputProps {
  field: FieldDeclaration;
}

interface FieldBase<TSource extends string> {
  source: TSource;
  label: Label;
  /** react-admin validators with the spec's messages, e.g. `required('Naam is een verplicht veld')`. */
  validate?: Validator | Validator[];
  helperText?: Label;
  defaultValue?: unknown;
  /** Input value → form value (react-admin's `parse`), e.g. trimming. */
  parse?(value: unknown): unknown;
  /** Form value → input value (react-admin's `format`). */
  format?(value: unknown): unknown;
  /** Shows the input only while this holds, e.g. options only for a single-choice question. */
  when?(context: FormContextValues): boolean;
  /** How tables and detail views show the value, e.g. 0 as 'onbeperkt'. */
  displayAs?(value: unknown, record: RaRecord): ReactNode;
  /** Replaces the generated input in every declared form. */
  input?: ComponentType<DeclaredInputProps>;
}

/** Plain values: text, long text, e-mail address, web address, number, yes/no, date, date with time. */
interface ScalarField<TSource extends string> extends FieldBase<TSource> {
  kind: 'text' | 'longText' | 'email' | 'url' | 'number' | 'boolean' | 'date' | 'dateTime';
  /** A number field accepting a fraction ('1,5'); without it only whole numbers (places, days). */
  fractions?: boolean;
}

/** One of a set of values, as a select (default) or as radio buttons. */
interface ChoiceField<TSource extends string> extends FieldBase<TSource> {
  kind: 'choice';
  /** Fixed, or computed from the form's record and call values (a list's own attribute labels). */
  choices: readonly Choice[] | ((context: FormContextValues) => readonly Choice[]);
  display?: 'select' | 'radio';
  /** Several values at once (an array of ids), as a group of checkboxes. */
  multiple?: boolean;
}

/**
 * The id of a record of another declared resource, picked from its records (up to 250): filtered and
 * sorted at the server, without the ids `exclude` names (spec §5: never deleted lists, nor those
 * already in the audience). With nothing left to pick, the form shows `empty` instead of the input.
 */
interface ReferenceField<TSource extends string> extends FieldBase<TSource> {
  kind: 'reference';
  reference: string;
  /** The referenced record's property to show; defaults to its recordRepresentation. */
  optionText?: string;
  filter?: Readonly<Record<string, unknown>>;
  sort?: SortPayload;
  exclude?(context: FormContextValues): readonly Identifier[];
  /** Shown when there is nothing to pick, e.g. 'Er zijn geen lijsten meer om uit te kiezen'. */
  empty?: Label;
  /** Several records at once (an array of ids), as a group of checkboxes. */
  multiple?: boolean;
}

/** The id of a file of the media library, picked in the 'selectMediaFile' slide-over. */
interface MediaFileField<TSource extends string> extends FieldBase<TSource> {
  kind: 'mediaFile';
  /** Offers only images (a logo). */
  imagesOnly?: boolean;
  /** Shows a button with this label that empties the field (null: 'Logo verwijderen'). */
  clearLabel?: Label;
  /** Shows the chosen file instead of its name, e.g. the logo at the sizes it is used. */
  preview?: ComponentType<{ fileId: string | null }>;
}

/** A CSS colour `#rrggbb`, typed as text or picked with the browser's colour picker. */
interface ColorField<TSource extends string> extends FieldBase<TSource> {
  kind: 'color';
}

export type FieldDeclaration<TSource extends string = string> =
  | ScalarField<TSource>
  | ChoiceField<TSource>
  | ReferenceField<TSource>
  | MediaFileField<TSource>
  | ColorField<TSource>;
