import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { FieldSource } from './fieldDeclaration';
import type { Label } from './label';
import type { PollDeclaration } from './pollDeclaration';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { OrCall, WhenDenied } from './useDeclaredAccess';
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

/** The one confirmation before an action: a sentence-case title, what happens, and the confirm button's text. */
export interface ConfirmDeclaration {
  /** Labels with `{name}`, the record's representation. */
  title: Label;
  content: Label;
  /** 'Verwijderen' when absent. */
  confirmLabel?: Label;
  /** The plain button's text, 'Annuleren' when absent: another when the action itself cancels something. */
  cancelLabel?: Label;
}

/** A named action run with the record (`POST /deliveryjobs/{id}/cancel`), confirmed first when `confirm` is given. */
export interface RunDeclaration {
  action: string;
  confirm?: ConfirmDeclaration;
  /** The notification once done, with `{name}`; none when absent. */
  successMessage?: Label;
}

/** A file the user picks, sent to one of the resource's named actions with the record (`dataProvider.upload`). */
export interface UploadDeclaration {
  action: string;
  /** The file picker's `accept`, e.g. '.csv,text/csv'. */
  accept?: string;
  /** The notification once sent, with `{name}`, the file's name; none when absent. */
  successMessage?: Label;
}

/**
 * A button of the header: it opens a declared form, goes to a page, downloads a file, runs a named
 * action (confirmed when declared so), uploads a file, or deletes the record (confirmed).
 */
export interface DetailAction<TRecord extends RaRecord> {
  label: Label;
  icon?: SvgIconComponent;
  variant?: 'contained' | 'outlined' | 'text';
  /** Shown only while this holds (a deleted list offers nothing). */
  when?(record: TRecord): boolean;
  /**
   * Why the action cannot be taken now: the button is shown disabled with this reason beside it, where its
   * absence would confuse ('Goedkeuren' of one's own request). Available when it answers undefined.
   */
  unavailable?(record: TRecord): Label | undefined;
  /** A form of this resource ('edit', 'labels') or of another one (`{ resource: jobs, form: 'deliver' }`), opened with the record. */
  form?: string | { resource: ResourceDeclaration; form: string };
  /** A page to go to. */
  to?(record: TRecord): string;
  /** With `to`: the call that page is for (the import page starts an import), so the link follows the role. */
  leadsTo?: { resource: ResourceDeclaration; call: string };
  /** A file to save: the answer of one of the resource's named actions (`GET …/export`), under this name. */
  download?: { action: string; fileName(record: TRecord): string };
  /** Runs one of the resource's named actions with the record. */
  run?: RunDeclaration;
  /** Sends a file to one of the resource's named actions with the record. */
  upload?: UploadDeclaration;
  /** Deletes the record after confirmation, then goes to `redirect` (the overview). Placed apart, at the far end. */
  delete?: DeleteDeclaration & { redirect: string };
  /**
   * When the member's role does not allow what it calls, the button is absent; with this, disabled
   * with the reason instead, where its absence would confuse ('Verspreiden' for a Redacteur).
   */
  whenDenied?: WhenDenied;
  /**
   * Another call that does the same for a lower role: the button is allowed to whoever may make either
   * ('Verspreiden' asks approval, `{ resource: 'approvals', call: 'create' }`, where a Verzender sends).
   */
  orCall?: OrCall;
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
      /** Buttons beside the title, run with this record ('Geweigerde rijen downloaden'). */
      actions?: readonly DetailAction<TRecord>[];
    }
  | {
      component: RecordComponent<TRecord>;
      /** Shown only while this holds, e.g. a running import's progress. */
      when?(record: TRecord): boolean;
    }
  /** A grid of cards, each a part of the record with its current value, leading to its own page (the settings overview). */
  | { cards: readonly DetailCard<TRecord>[] }
  /** Tables of rows the record itself carries, each under its heading (a person's lists, deliveries, …). */
  | { groups(record: TRecord): readonly RecordGroup[] };

/**
 * A table of rows the record carries: its heading, the columns shown (key and label) and the rows, or the
 * `empty` text when there are none. Values that are ISO dates show as Dutch dates, booleans as ja/nee.
 */
export interface RecordGroup {
  title: Label;
  columns: readonly { key: string; label: Label }[];
  rows: readonly Record<string, unknown>[];
  empty: Label;
}

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
 * (a Dutch message and a way back) are handled here, once.
 */
export interface DetailView<TRecord extends RaRecord> {
  /**
   * The overview to go back to: its route and the link's text ('Alle lijsten', or 'Terug naar %{name}'
   * with the record's representation); none for a top-level page.
   */
  back?: { to: string; label: Label };
  /**
   * The page bar's title (the page's H1); the resource's singular label ('Lijst') when absent. The
   * card's heading names the record, so the page does not show the name twice.
   */
  pageTitle?: Label;
  /**
   * The page bar's whole title instead of 'name — kind', with `%{name}` the record's representation
   * ('Antwoorden: %{name}'). A named view of the record says what it shows of it.
   */
  title?: Label;
  /** The card's heading instead of the record's name, with `%{name}` ('Antwoorden op %{name}'). */
  heading?: Label;
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
  /** Call values of the read, e.g. `{ detail: true }` to keep a fuller read apart in the cache. */
  meta?: Record<string, unknown>;
  maxWidth?: number;
  /** Read again while the record is still changing on the server (a running job). */
  poll?: PollDeclaration<TRecord>;
}

/**
 * A resource's detail views: `show` at `routes.show`, and the named ones of `views.details`, each a
 * page at a declared path (`pages: [{ path: '/forms/:id/data', view: 'answers' }]`) or shown inside a
 * page of one's own (`<DeclaredDetail declaration view="result" id values embedded />`).
 */
export type DetailViewName = 'show' | (string & {});

/** The components of one's own a detail page shows (lazy views, most of them): fetched with the page. */
export function detailLazyParts(view: DetailView<RaRecord>): unknown[] {
  const sections = (view.sections ?? []).flatMap((section) =>
    'component' in section ? [section.component] : [],
  );
  return view.extra ? [view.extra, ...sections] : sections;
}
