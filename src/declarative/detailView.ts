import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { RefreshEventName } from '../slideover/refreshEvents';
import type { FieldSource } from './fieldDeclaration';
import type { Label } from './label';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { DeleteDeclaration } from './viewDeclaration';

/**
 * A component of one's own that shows the record, e.g. a list's labels. Spelled as a method's type
 * (the idiom of React's own event handler types) so that it is compared bivariantly: a component for
 * lists fits the generic machinery, which hands it the record it loaded for that resource.
 */
export type RecordComponent<TRecord extends RaRecord> = {
  render(props: { record: TRecord }): ReactNode;
}['render'];

/** A text with the record's values: `{ label: 'app.receivers.lists.page.subscribers', values: (list) => ({ smart_count: list.subscriberCount }) }`. */
export interface RecordText<TRecord extends RaRecord> {
  label: Label;
  values?(record: TRecord): Record<string, unknown>;
  /** Shown only while this holds ('Gepland voor …' only for a planned job); always when absent. */
  when?(record: TRecord): boolean;
}

/** A chip next to the record's title, e.g. 'Testlijst' or 'Openbaar'. */
export interface DetailFlag<TRecord extends RaRecord> extends RecordText<TRecord> {
  /** Shown only while this holds; always when absent. */
  when?(record: TRecord): boolean;
  color?: 'default' | 'info' | 'success' | 'warning' | 'error';
  variant?: 'filled' | 'outlined';
}

/** A button of the header: it opens a declared form, goes to a page, downloads a file, or deletes the record (confirmed). */
export interface DetailAction<TRecord extends RaRecord> {
  label: Label;
  icon?: SvgIconComponent;
  variant?: 'contained' | 'outlined' | 'text';
  /** Shown only while this holds (a deleted list offers nothing). */
  when?(record: TRecord): boolean;
  /** A form of this resource ('edit', 'labels') or of another one (`{ resource: jobs, form: 'deliver' }`), opened with the record. */
  form?: string | { resource: ResourceDeclaration; form: string };
  /** A page to go to. */
  to?(record: TRecord): string;
  /** A file to save: the answer of one of the resource's named actions (`GET …/export`), under this name. */
  download?: { action: string; fileName(record: TRecord): string };
  /** Deletes the record after confirmation, then goes to `redirect` (the overview). Placed apart, at the far end. */
  delete?: DeleteDeclaration & { redirect: string };
}

/**
 * A part below the header: another resource's declared table filtered on this record
 * (`{ table: subscribers, target: 'listId' }`: the list's subscribers), or a component of one's own.
 */
export type DetailSection<TRecord extends RaRecord> =
  | {
      table: ResourceDeclaration;
      /** The child's field that holds this record's id; it filters the table and goes to its forms. */
      target: string;
      title?: Label;
      /** Adjusts the child's declaration to this record, e.g. a column per label the list has set. */
      adapt?(table: ResourceDeclaration, record: TRecord): ResourceDeclaration;
      /** Shown only while this holds, e.g. options only for a single-choice question. */
      when?(record: TRecord): boolean;
    }
  | { component: RecordComponent<TRecord> }
  /** A grid of cards, each a part of the record with its current value, leading to its own page (the settings overview). */
  | { cards: readonly DetailCard<TRecord>[] };

/** A card of a detail page: a part of the record ('Kleuren'), its current value and the page that edits it. */
export interface DetailCard<TRecord extends RaRecord> {
  title: Label;
  icon: SvgIconComponent;
  to: string;
  /** The part's current value (swatches, font names, a count). */
  content: RecordComponent<TRecord>;
}

/**
 * A declared detail page at `routes.show`, on react-admin's show controller: a header card (back link,
 * the record's title with its flags, summary fields, actions), then its sections. Loading, not found
 * (a Dutch message and a way back) and the refresh events are handled here, once.
 */
export interface DetailView<TRecord extends RaRecord> {
  /** The overview to go back to: its route and the link's text ('Alle lijsten'); none for a top-level page. */
  back?: { to: string; label: Label };
  /**
   * The page bar's title (the page's H1); the resource's singular label ('Lijst') when absent. The
   * card's heading names the record, so the page does not show the name twice.
   */
  pageTitle?: Label;
  flags?: readonly DetailFlag<TRecord>[];
  /** Lines under the title: a field's value ('Type: Nieuwsbrief'), or a text with the record's values. */
  summary?: readonly (RecordText<TRecord> | { source: FieldSource<TRecord> })[];
  /** Header content of one's own, e.g. the list's labels or the audience's recipient count. */
  extra?: RecordComponent<TRecord>;
  /** An information line in the header while it applies, e.g. 'Deze lijst is verwijderd.' */
  notice?(record: TRecord): Label | undefined;
  actions?: readonly DetailAction<TRecord>[];
  sections?: readonly DetailSection<TRecord>[];
  /** 'Deze lijst bestaat niet (meer).' */
  notFound: Label;
  /** Events that reload the record besides the resource's own (what its counts depend on). */
  refreshEvents?: readonly RefreshEventName[];
  /** Call values of the read, e.g. `{ detail: true }` to keep a fuller read apart in the cache. */
  meta?: Record<string, unknown>;
  maxWidth?: number;
}

/** The components of one's own a detail page shows (lazy views, most of them): fetched with the page. */
export function detailLazyParts(view: DetailView<RaRecord>): unknown[] {
  const sections = (view.sections ?? []).flatMap((section) =>
    'component' in section ? [section.component] : [],
  );
  return view.extra ? [view.extra, ...sections] : sections;
}
