import { html, type SafeHtml } from '../http/html';
import { publicPage } from '../publicPages/layout';
import type { PageLook } from '../publicPages/pageLook';
import type { PublicListChoice } from './publicLists';
import { resubscribeIntervalMinutes } from './resubscribe';

// The Dutch pages of the preference link (routes/preferences.ts). No script: every change is a form
// that posts, and the page that answers it says what happened (role="status").

/** A link in the page's footer: other pages of the same person (each with its own signed address). */
export interface FooterLink {
  href: string;
  label: string;
}

export interface PreferencePageInput {
  look: PageLook;
  email: string;
  /** The environment's public lists with the address's memberships. */
  lists: readonly PublicListChoice[];
  /** Globally unsubscribed: the page offers only 'Opnieuw aanmelden'. */
  unsubscribed: boolean;
  /** Where each form posts. */
  actions: { lists: string; unsubscribeAll: string; resubscribe: string };
  /** What the last post did, or why it was refused. */
  notice?: { kind: 'saved' | 'refused'; text: string };
  /** The footer's links to the person's other pages (none of its own). */
  footerLinks: readonly FooterLink[];
}

export function preferencePage(input: PreferencePageInput): string {
  const { look, email } = input;
  return publicPage(
    look,
    'Je voorkeuren',
    html`<h1>Je voorkeuren</h1>
      <p>Welke berichten van ${look.environmentName} ontvangt <strong>${email}</strong>?</p>
      ${noticeOf(input.notice)} ${input.unsubscribed ? unsubscribedPart(input) : choicesPart(input)}
      ${footer(input.footerLinks)}`,
  );
}

function noticeOf(notice: PreferencePageInput['notice']): SafeHtml | '' {
  if (!notice) return '';
  return notice.kind === 'saved'
    ? html`<p class="notice" role="status">${notice.text}</p>`
    : html`<p class="notice error-message" role="alert">${notice.text}</p>`;
}

function choicesPart({ look, lists, actions }: PreferencePageInput): SafeHtml {
  const listForm =
    lists.length === 0
      ? html`<p>Er zijn geen lijsten om uit te kiezen.</p>`
      : html`<form method="post" action="${actions.lists}">
          <fieldset class="question">
            <legend>Lijsten</legend>
            ${lists.map(
              (list, index) =>
                html`<div class="choice">
                  <input
                    type="checkbox"
                    id="lijst-${index}"
                    name="lijsten"
                    value="${list.id}"
                    ${list.subscribed ? html`checked` : ''}
                  />
                  <label for="lijst-${index}">${list.title}</label>
                </div>`,
            )}
          </fieldset>
          <button class="primary" type="submit">Opslaan</button>
        </form>`;
  return html`${listForm}
    <section class="section" aria-labelledby="afmelden-kop">
      <h2 id="afmelden-kop">Afmelden voor alles</h2>
      <p>Je ontvangt dan geen enkel bericht meer van ${look.environmentName}, van geen enkele lijst.</p>
      <form method="post" action="${actions.unsubscribeAll}">
        <button class="secondary" type="submit">Afmelden voor alles</button>
      </form>
    </section>`;
}

function unsubscribedPart({ look, actions }: PreferencePageInput): SafeHtml {
  return html`<section class="section" aria-labelledby="afgemeld-kop">
    <h2 id="afgemeld-kop">Je bent afgemeld voor alles</h2>
    <p>
      Je ontvangt geen berichten van ${look.environmentName}. Wil je ze toch weer ontvangen? Dan sturen we je
      een e-mail met een link om dat te bevestigen.
    </p>
    <form method="post" action="${actions.resubscribe}">
      <button class="primary" type="submit">Opnieuw aanmelden</button>
    </form>
  </section>`;
}

/** The footer: the person's other pages; absent while there are none. */
function footer(links: readonly FooterLink[]): SafeHtml | '' {
  if (links.length === 0) return '';
  return html`<nav class="page-links" aria-label="Meer over je gegevens">
    <ul>
      ${links.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}
    </ul>
  </nav>`;
}

/** The texts of what a post did, shown on the page it answers with. */
export const preferenceNotices = {
  saved: 'Je keuze is opgeslagen.',
  unsubscribed: 'Je bent afgemeld voor alles. Je ontvangt geen berichten meer.',
  mailed: (email: string) =>
    `We hebben een e-mail gestuurd naar ${email}. Klik op de link in die e-mail om je weer aan te melden.`,
  tooSoon: `We hebben je kort geleden al een e-mail gestuurd. Kijk in je inbox (en bij de ongewenste e-mail), of vraag over ${resubscribeIntervalMinutes} minuten een nieuwe aan.`,
  notSent: 'De e-mail kon niet worden verstuurd. Probeer het later opnieuw.',
  alreadySubscribed: 'Je bent niet afgemeld: je ontvangt de lijsten die hieronder aan staan.',
} as const;

/** The page behind the mailed link: a link scanner opens it too, so only the button's POST confirms. */
export function confirmResubscribePage(look: PageLook, email: string, action: string): string {
  return publicPage(
    look,
    'Opnieuw aanmelden',
    html`<h1>Opnieuw aanmelden</h1>
      <p>Wil je weer berichten van ${look.environmentName} ontvangen op <strong>${email}</strong>?</p>
      <form method="post" action="${action}">
        <button class="primary" type="submit">Bevestigen</button>
      </form>`,
  );
}

export function resubscribedPage(look: PageLook, email: string, preferencesHref: string): string {
  return publicPage(
    look,
    'Je bent weer aangemeld',
    html`<h1>Je bent weer aangemeld</h1>
      <p role="status">
        <strong>${email}</strong> ontvangt weer berichten van ${look.environmentName}: de lijsten die aan
        staan op je voorkeurenpagina.
      </p>
      <p><a href="${preferencesHref}">Naar je voorkeuren</a></p>`,
  );
}

export function alreadyResubscribedPage(look: PageLook, preferencesHref: string): string {
  return publicPage(
    look,
    'Al bevestigd',
    html`<h1>Dit is al gedaan</h1>
      <p role="status">
        Deze link is al gebruikt, of je bent al weer aangemeld. Je hoeft niets meer te doen.
      </p>
      <p><a href="${preferencesHref}">Naar je voorkeuren</a></p>`,
  );
}

export function expiredConfirmationPage(look: PageLook, preferencesHref: string): string {
  return publicPage(
    look,
    'Link verlopen',
    html`<h1>Deze link is verlopen</h1>
      <p>Vraag op je voorkeurenpagina een nieuwe e-mail aan.</p>
      <p><a href="${preferencesHref}">Naar je voorkeuren</a></p>`,
  );
}

export function invalidPreferenceLinkPage(look: PageLook): string {
  return publicPage(
    look,
    'Ongeldige link',
    html`<h1>Deze link werkt niet</h1>
      <p>De link is onvolledig of gewijzigd. Gebruik de link uit het bericht zelf.</p>`,
  );
}

export function preferenceMessagePage(look: PageLook, title: string, text: string): string {
  return publicPage(
    look,
    title,
    html`<h1>${title}</h1>
      <p>${text}</p>`,
  );
}
