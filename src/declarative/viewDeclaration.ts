import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { RaRecord, SortPayload } from 'react-admin';
import type { DetailSection, RecordText, RunDeclaration } from './detailView';
import type { FieldDeclaration, FieldSource } from './fieldDeclaration';
import type { Label } from './label';
import type { PollDeclaration } from './pollDeclaration';

/**
 * What a form view receives: the record being edited and call values such as a parent id
 * (`{listId}` for a new subscriber). Slide-overs get them from the event that opened them.
 */
export interface FormViewProps {
  record?: RaRecord;
  meta?: Record<string, unknown>;
  /** The opener hears of the save, e.g. the media explorer follows a renamed folder. */
  onSaved?(record: RaRecord): void;
}

/** Any view can be replaced by a component of one's own. */
export interface CustomView {
  component: ComponentType<FormViewProps>;
}

/** A create or edit view of one's own; `as` and `title` still place it and label its button. */
export interface CustomFormView extends CustomView {
  as: 'slideOver' | 'page';
  title: Label;
  slideOverType?: string;
  /** What the component saves with, so that a button opening it shows as the member's role allows. */
  save?: FormSave;
}

/** A table column: a declared field by its source, or with options. */
export type ColumnDeclaration<TRecord extends RaRecord> =
  | FieldSource<TRecord>
  | {
      source: FieldSource<TRecord>;
      /** Defaults to the field's label. */
      label?: Label;
      /** Defaults to true: the server sorts on the source. */
      sortable?: boolean;
      /** Replaces the generated cell. */
      render?(record: TRecord): ReactNode;
      /**
       * On a phone this column has no place of its own: its content shows in smaller, quieter text under
       * the content of the column named here (the unsubscriber's cause under the address), so that what
       * it says stays in view while the row's buttons keep their room. Not shown on a phone when that
       * column is not shown there either.
       */
      phoneUnder?: FieldSource<TRecord>;
    };

/**
 * A confirmed delete ('Lijst Wijkkrant verwijderen'). The texts default to react-admin's; they may use
 * `%{name}` (the resource's label) and `%{recordRepresentation}`, e.g.
 * 'Weet je zeker dat je %{recordRepresentation} wilt verwijderen?'.
 */
export interface DeleteDeclaration {
  confirmTitle?: Label;
  confirmContent?: Label;
  /** The notification after the deletion; '{label.one} verwijderd' ('Lijst verwijderd') otherwise. */
  successMessage?: Label;
}

/** A select above a table that narrows its rows to one value of a query parameter. */
export interface ChoiceFilter {
  source: string;
  label: Label;
  /**
   * Fixed choices, or the answer of one of the resource's named GET actions, a list of records named by
   * `optionText` (the members who appear in the Logboek: `{ action: 'actors', optionText: 'name' }`).
   */
  choices: readonly { id: string; name: Label }[] | { action: string; optionText: string };
}

/** A day above a table ('Vanaf', 'Tot en met'), sent as that query parameter as yyyy-mm-dd. */
export interface DateFilter {
  source: string;
  label: Label;
}

/**
 * A button above a table that downloads a named GET action's file with the table's current filters as
 * its values ('Exporteren' of the Logboek as it is filtered).
 */
export interface TableDownload {
  label: Label;
  action: string;
  fileName: string;
}

/** The shared table (spec §2): 250 rows at a time, more on scrolling, server-side search and sort. */
export interface TableView<TRecord extends RaRecord> {
  /** The page heading. */
  title: Label;
  columns: readonly ColumnDeclaration<TRecord>[];
  /**
   * The columns a phone shows (narrower than 600 px), by source; the first two columns when absent.
   * Columns declaring `phoneUnder` never count here: they show under another column instead.
   * The row's delete and reorder buttons always show, so every action stays reachable.
   */
  phoneColumns?: readonly FieldSource<TRecord>[];
  /** Initial order; the server's own order when absent. */
  sort?: SortPayload;
  /** Fixed filter values of every read, e.g. `{ isDeleted: false }` (declare them in getList's `query`). */
  filter?: Readonly<Record<string, unknown>>;
  /** A search box whose text goes to the server as `search`. Defaults to true. */
  search?: boolean;
  /**
   * Filters the user picks next to the search box: a select per source whose value goes to the server
   * as that query parameter (declare it in getList's `query`); empty shows every row.
   */
  choiceFilters?: readonly ChoiceFilter[];
  /** Days the user picks after the choice filters; empty sends nothing. */
  dateFilters?: readonly DateFilter[];
  /** Downloads in the table's toolbar, shown as the member's role allows their action. */
  downloads?: readonly TableDownload[];
  /** What a click on a row opens: the edit view (slide-over or page) or the show page. */
  rowClick?: 'edit' | 'show' | false;
  /** Adds a delete button per row, confirmed first. */
  delete?: DeleteDeclaration;
  /** 'Omhoog'/'omlaag' per row: the named action receives every id in the new order as `ids`. */
  reorder?: { action: string; ids: string };
  /** Buttons per row that run a named action with the row's record, confirmed first when declared. */
  rowActions?: readonly RowAction<TRecord>[];
  /** Shown when there are no records yet (react-admin's 'no results' text otherwise). */
  empty?: Label;
  /** Read again while a row is still changing on the server (a recipient waiting to be sent). */
  poll?: PollDeclaration<TRecord>;
}

/**
 * A row's button that runs one of the resource's named actions with the row's record ('Archiveren'),
 * as a detail page's `run` action does: `{ label, when, run: { action, confirm, successMessage } }`.
 */
export interface RowAction<TRecord extends RaRecord> {
  label: Label;
  /** Shown only on rows where this holds; on every row when absent. */
  when?: RecordText<TRecord>['when'];
  run: RunDeclaration;
}

/** How a form saves: react-admin's create or update, or one of the resource's named actions. */
export type FormSave = 'create' | 'update' | { action: string };

/** What a form's functions receive: the record it was opened with and its call values. */
export interface FormOpening {
  /** The edited record, or the parent a new record goes into (the audience a list is added to). */
  record?: RaRecord;
  meta?: Record<string, unknown>;
}

/**
 * A form's field: a declared field of the resource by its source, or a field of this form only
 * (the reason of a removal, the list picked for an audience).
 */
export type FormField<TRecord extends RaRecord> = FieldSource<TRecord> | FieldDeclaration;

/** A form built from declared fields, in a slide-over panel or on a page of its own. */
export interface FormView<TRecord extends RaRecord> {
  as: 'slideOver' | 'page';
  /** Panel or page title, e.g. 'Nieuwe Lijst'. */
  title: Label;
  /**
   * Text above the inputs, e.g. the consent note of a new subscriber; `%{name}` takes the values of
   * the record and the call values: 'Voeg een nieuwe map toe aan %{folder}'.
   */
  description?: Label;
  /** A warning under the description, e.g. that only the unsubscriber can undo a global unsubscribe. */
  notice?: Label;
  fields: readonly FormField<TRecord>[];
  /** Initial values beyond the fields' `defaultValue`s, e.g. the folder's current name. */
  defaultValues?(opening: FormOpening): Record<string, unknown>;
  /** The values as they are sent, e.g. trimmed, or with the parent's id added. */
  transform?(values: Record<string, unknown>, opening: FormOpening): Record<string, unknown>;
  /** The notification after a save ('Lijst toegevoegd' / 'Lijst opgeslagen' otherwise); `%{name}` as in `description`, plus the saved values. */
  successMessage?: Label;
  /** A destructive submit ('Verwijderen'): red, with this icon. */
  submitColor?: 'primary' | 'error';
  submitIcon?: ReactElement;
  /** Defaults to 'create' for the create view and 'update' for the edit view; required for other forms. */
  save?: FormSave;
  /** Label of the submit button; 'Toevoegen' for creating, 'Opslaan' otherwise. */
  submitLabel?: Label;
  /** The slide-over type it registers; defaults to `{resource}.{view}`, e.g. 'lists.create'. */
  slideOverType?: string;
  /** Where to go after a save, e.g. `/publications/{id}` for a new publication. */
  redirect?(record: TRecord, opening: FormOpening): string;
  /** On a page: the link back above the form ('Alle instellingen'). */
  back?: { to: string; label: Label };
  /**
   * On a page: content beside the inputs (below them on a phone), inside the form so that it follows
   * the values as they are typed: the live preview of colours or typography.
   */
  preview?: ComponentType<{ record?: RaRecord }>;
  /**
   * Parts below the form about the edited record, as on a detail page: on a page the theme's web fonts
   * under its typography, in a panel a subscriber's consent proofs.
   */
  sections?: readonly DetailSection<RaRecord>[];
}
