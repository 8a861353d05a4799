/**
 * The Dutch texts of the start-up and login screens. The small entry (src/main.ts) shows them before
 * react-admin is loaded; src/i18n/nl.ts includes them as `app.startup` and `app.login`.
 */
export const startupNl = {
  loading: 'Het platform wordt geladen…',
  error_title: 'Het platform is niet bereikbaar',
  error_text:
    'De instellingen konden niet worden opgehaald. Controleer je verbinding en probeer het opnieuw.',
  retry: 'Opnieuw proberen',
  retry_automatic: 'We proberen het binnen %{seconds} seconden vanzelf opnieuw.',
};

export const loginNl = {
  title: 'Digitaal publicatie platform',
  subtitle: 'Log in met je account om verder te gaan.',
  button: 'Inloggen',
  busy: 'Bezig met inloggen…',
  hint_popup: 'Er opent een venster waarin je inlogt.',
  hint_redirect: 'Je gaat naar de inlogpagina en komt daarna hier terug.',
  logo_placeholder: 'Logo van de omgeving',
  error: {
    popup_blocked:
      'Het inlogvenster kon niet worden geopend. Sta pop-upvensters toe voor deze site en probeer het opnieuw.',
    cancelled: 'Het inlogvenster is gesloten voordat het inloggen klaar was. Probeer het opnieuw.',
    in_progress: 'Er loopt al een inlogpoging. Rond die af of probeer het over een moment opnieuw.',
    network: 'De inlogdienst is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
    no_access: 'Je account heeft geen toegang tot dit platform.',
    no_environment:
      'Je account heeft nog geen toegang tot een omgeving. Vraag een beheerder om je toe te voegen.',
    server: 'Het platform kon je gegevens niet ophalen. Probeer het later opnieuw.',
    generic: 'Inloggen is niet gelukt. Probeer het opnieuw.',
  },
};

/** The message of a sign-in failure, named by its i18n key (`app.login.error.…`, see signInErrors.ts). */
export function signInErrorText(messageKey: string): string {
  const name = messageKey.replace(/^app\.login\.error\./, '') as keyof typeof loginNl.error;
  return loginNl.error[name] ?? loginNl.error.generic;
}
