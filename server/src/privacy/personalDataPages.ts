import { html } from '../http/html';
import { publicPage } from '../publicPages/layout';
import type { PageLook } from '../publicPages/pageLook';
import { ticketHours } from './personalDataToken';

// The Dutch pages of a resident's 'Mijn gegevens' (routes/personalData.ts). Every change is a button that
// POSTs: mail programs and link scanners open links, and opening a page never mails, downloads or erases.

export function personalDataPage(look: PageLook, email: string, action: string): string {
  const name = look.environmentName;
  return publicPage(
    look,
    'Mijn gegevens',
    html`<h1>Mijn gegevens</h1>
      <p>Hier vraag je op wat ${name} over <strong>${email}</strong> bewaart, of laat je het wissen.</p>
      <h2 style="margin-top:32px">Mijn gegevens downloaden</h2>
      <p>
        We sturen je een e-mail met een link. Via die link download je alles wat we over je bewaren in één
        bestand.
      </p>
      <form method="post" action="${action}/downloaden">
        <button class="primary" type="submit">Mijn gegevens downloaden</button>
      </form>
      <h2 style="margin-top:32px">Mijn gegevens wissen</h2>
      <p>
        We sturen je een e-mail met een link om het wissen te bevestigen. Daarna ontvang je niets meer van
        ${name} en staat je adres op geen enkele lijst meer.
      </p>
      <form method="post" action="${action}/wissen">
        <button class="primary" type="submit">Mijn gegevens wissen</button>
      </form>`,
  );
}

export function linkMailedPage(look: PageLook, email: string, purpose: 'downloaden' | 'wissen'): string {
  return publicPage(
    look,
    'Kijk in je e-mail',
    html`<h1>Kijk in je e-mail</h1>
      <p role="status">
        We hebben een e-mail gestuurd naar <strong>${email}</strong> met een link om je gegevens te
        ${purpose === 'downloaden' ? 'downloaden' : 'wissen'}. De link werkt ${ticketHours} uur.
      </p>`,
  );
}

export function downloadPage(look: PageLook, email: string, action: string): string {
  return publicPage(
    look,
    'Mijn gegevens downloaden',
    html`<h1>Mijn gegevens downloaden</h1>
      <p>
        Download alles wat ${look.environmentName} over <strong>${email}</strong> bewaart, als JSON-bestand.
      </p>
      <form method="post" action="${action}">
        <button class="primary" type="submit">Downloaden</button>
      </form>`,
  );
}

export function confirmErasePage(look: PageLook, email: string, action: string): string {
  return publicPage(
    look,
    'Mijn gegevens wissen',
    html`<h1>Mijn gegevens wissen</h1>
      <p>
        Weet je het zeker? Alles wat ${look.environmentName} over <strong>${email}</strong> bewaart, wordt
        gewist. Je ontvangt daarna niets meer; dat kun je niet ongedaan maken.
      </p>
      <form method="post" action="${action}">
        <button class="primary" type="submit">Wissen</button>
      </form>`,
  );
}

export function erasedPage(look: PageLook): string {
  return publicPage(
    look,
    'Je gegevens zijn gewist',
    html`<h1>Je gegevens zijn gewist</h1>
      <p role="status">
        ${look.environmentName} bewaart niets meer over je e-mailadres, behalve een onherleidbare code die
        ervoor zorgt dat je geen berichten meer krijgt.
      </p>`,
  );
}

/** A forged or altered link to the page 'Mijn gegevens' (answered in the neutral look: whose is unknown). */
export function invalidPersonalDataLinkPage(look: PageLook): string {
  return publicPage(
    look,
    'Ongeldige link',
    html`<h1>Deze link werkt niet</h1>
      <p>De link naar je gegevens is onvolledig of gewijzigd. Gebruik de link uit het bericht zelf.</p>`,
  );
}

export function expiredLinkPage(look: PageLook): string {
  return publicPage(
    look,
    'Link verlopen',
    html`<h1>Deze link werkt niet meer</h1>
      <p>De link is verlopen of niet compleet. Vraag een nieuwe aan via de pagina Mijn gegevens.</p>`,
  );
}
