import { html } from '../http/html';
import { publicPage } from '../publicPages/layout';
import type { PageLook } from '../publicPages/pageLook';

// The Dutch pages behind the unsubscribe link of a delivered message (routes/unsubscribe.ts).

/** Asks to confirm: a link in a mail is opened by scanners too, so only the button's POST unsubscribes. */
export function confirmUnsubscribePage(look: PageLook, email: string, action: string, test = false): string {
  const environmentName = look.environmentName;
  return publicPage(
    look,
    'Uitschrijven',
    html`<h1>Uitschrijven</h1>
      ${
        test
          ? html`<p>
              <strong>Dit is de uitschrijflink uit een testbericht.</strong> Hij werkt echt: als je bevestigt,
              ontvangt dit adres ook geen echte berichten meer.
            </p>`
          : ''
      }
      <p>Wil je geen berichten meer ontvangen van ${environmentName} op <strong>${email}</strong>?</p>
      <form method="post" action="${action}">
        <button class="primary" type="submit">Ja, schrijf mij uit</button>
      </form>`,
  );
}

/**
 * The way back after unsubscribing: the address's preference page (`preferencesPath`), which offers
 * 'Opnieuw aanmelden' with a confirmation mail; only the person can undo a global unsubscribe.
 */
const wayBack = (preferencesPath: string) =>
  html`<p>Heb je je vergist? Via <a href="${preferencesPath}">je voorkeuren</a> meld je je opnieuw aan.</p>`;

export function unsubscribedPage(look: PageLook, email: string, preferencesPath: string): string {
  const environmentName = look.environmentName;
  return publicPage(
    look,
    'Je bent uitgeschreven',
    html`<h1>Je bent uitgeschreven</h1>
      <p><strong>${email}</strong> ontvangt geen berichten meer van ${environmentName}.</p>
      ${wayBack(preferencesPath)}`,
  );
}

/** The link opened again after unsubscribing: nothing left to confirm, only what is the case. */
export function alreadyUnsubscribedPage(look: PageLook, email: string, preferencesPath: string): string {
  const environmentName = look.environmentName;
  return publicPage(
    look,
    'Al uitgeschreven',
    html`<h1>Je bent al uitgeschreven</h1>
      <p role="status">
        <strong>${email}</strong> is al uitgeschreven en ontvangt geen berichten meer van ${environmentName}.
        Je hoeft niets meer te doen.
      </p>
      ${wayBack(preferencesPath)}`,
  );
}

export function invalidLinkPage(look: PageLook): string {
  return publicPage(
    look,
    'Ongeldige link',
    html`<h1>Deze link werkt niet</h1>
      <p>De uitschrijflink is onvolledig of gewijzigd. Gebruik de link uit het bericht zelf.</p>`,
  );
}
