import { html, trustedHtml } from '../../http/html';
import { pageLayout, productName } from './layout';

export interface ErrorPageModel {
  /** One Dutch sentence saying what went wrong and what to do. */
  message: string;
  /** Where "Terug naar de console" leads. */
  consoleUrl: string;
  /** The protocol error code and description, for whoever reports the problem. */
  technical?: { code: string; description?: string };
}

export function errorPage(model: ErrorPageModel): string {
  return pageLayout(
    'Inloggen mislukt',
    html`<h1>Inloggen is niet gelukt</h1>
      <p>${model.message}</p>
      <a class="primary link-button" href="${model.consoleUrl}">Terug naar de console</a>
      ${
        model.technical
          ? html`<details>
              <summary>Technische details</summary>
              <p>Foutcode: <code id="error-code">${model.technical.code}</code></p>
              ${model.technical.description ? html`<p><code>${model.technical.description}</code></p>` : ''}
            </details>`
          : ''
      }`,
  );
}

/**
 * The sign-out confirmation (RP-initiated logout). `providerForm` is oidc-provider's own hidden form with
 * its CSRF token; the buttons submit it by id.
 */
export function signOutConfirmPage(providerForm: string): string {
  return pageLayout(
    'Uitloggen',
    html`<h1>Uitloggen</h1>
      <p>Wil je uitloggen bij het ${productName}?</p>
      ${trustedHtml(providerForm)}
      <button
        id="signout"
        class="primary"
        type="submit"
        form="op.logoutForm"
        name="logout"
        value="yes"
        autofocus
      >
        Ja, uitloggen
      </button>
      <button class="primary secondary" type="submit" form="op.logoutForm">Nee, ingelogd blijven</button>`,
  );
}

export function signedOutPage(consoleUrl: string): string {
  return pageLayout(
    'Uitgelogd',
    html`<h1>Je bent uitgelogd</h1>
      <p>Je kunt dit venster sluiten of opnieuw inloggen.</p>
      <a class="primary link-button" href="${consoleUrl}">Naar de console</a>`,
  );
}
