import type { ComponentType } from 'react';
import type { Identifier, RaRecord, Validator } from 'react-admin';
import type { Label } from './label';

/** A property name of the record type; plain `string` for untyped records. */
export type FieldSource<TRecord extends RaRecord> = Extract<keyof TRecord, string>;

/** What a field holds; it decides the generated input and table cell. */
export type FieldKind = FieldDeclaration['kind'];

export interface Choice {
  id: Identifier | boolean;
  name: Label;
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
  /** Replaces the generated input in every declared form. */
  input?: ComponentType<DeclaredInputProps>;
}

/** Plain values: text, long text, e-mail address, web address, number, yes/no, date. */
interface ScalarField<TSource extends string> extends FieldBase<TSource> {
  kind: 'text' | 'longText' | 'email' | 'url' | 'number' | 'boolean' | 'date';
}

/** One of a fixed set of values, as a select (default) or as radio buttons. */
interface ChoiceField<TSource extends string> extends FieldBase<TSource> {
  kind: 'choice';
  choices: readonly Choice[];
  display?: 'select' | 'radio';
}

/** The id of a record of another declared resource, picked by its `optionText`. */
interface ReferenceField<TSource extends string> extends FieldBase<TSource> {
  kind: 'reference';
  reference: string;
  /** The referenced record's property to show; defaults to its recordRepresentation. */
  optionText?: string;
}

/** The id of a file of the media library, picked in the 'selectMediaFile' slide-over. */
interface MediaFileField<TSource extends string> extends FieldBase<TSource> {
  kind: 'mediaFile';
}

export type FieldDeclaration<TSource extends string = string> =
  ScalarField<TSource> | ChoiceField<TSource> | ReferenceField<TSource> | MediaFileField<TSource>;
