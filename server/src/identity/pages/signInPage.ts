import { html } from '../../http/html';
import { pageLayout } from './layout';

export interface DemoUser {
  email: string;
  name: string;
}

/** Why the page is shown again after a post. */
export type SignInProblem = 'missingEmail' | 'unknownEmail';

export interface SignInPageModel {
  /** Where the form posts: the interaction's login action. */
  action: string;
  demoUsers: readonly DemoUser[];
  /** The address typed before, shown again next to the problem. */
  email?: string;
  problem?: SignInProblem;
}

function problemText(model: SignInPageModel): string | undefined {
  switch (model.problem) {
    case 'missingEmail':
      return 'Vul je e-mailadres in.';
    case 'unknownEmail':
      return `Er is geen gebruiker met het e-mailadres ${model.email ?? ''}. Controleer het adres${
        model.demoUsers.length ? ' of kies een demo-gebruiker' : ''
      }.`;
    default:
      return undefined;
  }
}

/** The embedded provider's Dutch sign-in page: an e-mail address (no password) or one click on a demo user. */
export function signInPage(model: SignInPageModel): string {
  const error = problemText(model);
  const demoUsers = model.demoUsers.length
    ? html`<h2>Demo-gebruikers</h2>
        <p>Kies een gebruiker om direct in te loggen.</p>
        <form method="post" action="${model.action}">
          <ul class="users">
            ${model.demoUsers.map(
              (user) =>
                html`<li>
                  <button class="user" type="submit" name="email" value="${user.email}">
                    <strong>${user.name}</strong><span>${user.email}</span>
                  </button>
                </li> `,
            )}
          </ul>
        </form>`
    : '';
  return pageLayout(
    'Inloggen',
    html`<h1>Inloggen</h1>
      <p>Log in met je e-mailadres om verder te gaan naar de console.</p>
      ${error ? html`<p class="alert" role="alert" id="error">${error}</p>` : ''}
      <form method="post" action="${model.action}" novalidate>
        <label for="email">E-mailadres</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="username"
          inputmode="email"
          placeholder="naam@voorbeeld.nl"
          value="${model.email ?? ''}"
          required
          autofocus${error ? html` aria-invalid="true" aria-describedby="error"` : ''}
        />
        <button id="signin" class="primary" type="submit">Inloggen</button>
      </form>
      ${demoUsers}
      <p class="note">
        Dit is de ingebouwde aanmeldservice voor ontwikkeling en demo's: er is geen wachtwoord nodig.
      </p>`,
  );
}
