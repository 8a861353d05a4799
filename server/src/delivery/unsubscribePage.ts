import { html } from '../http/html';
import { pageLayout } from '../forms/publicPage';

// The Dutch pages behind the unsubscribe link of a delivered message (routes/unsubscribe.ts).

/** Asks to confirm: a link in a mail is opened by scanners too, so only the button's POST unsubscribes. */
export function confirmUnsubscribePage(
  environmentName: string,
  email: string,
  action: string,
  test = false,
): string {
  return pageLayout(
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

export function unsubscribedPage(environmentName: string, email: string): string {
  return pageLayout(
    'Je bent uitgeschreven',
    html`<h1>Je bent uitgeschreven</h1>
      <p>
        <strong>${email}</strong> ontvangt geen berichten meer van ${environmentName}. Heb je je vergist? Neem
        dan contact op met ${environmentName}.
      </p>`,
  );
}

export function invalidLinkPage(): string {
  return pageLayout(
    'Ongeldige link',
    html`<h1>Deze link werkt niet</h1>
      <p>De uitschrijflink is onvolledig of gewijzigd. Gebruik de link uit het bericht zelf.</p>`,
  );
}
