/** Dutch explanations of the provider's error codes, for the error page (the code itself is shown as detail). */
const messages: Record<string, string> = {
  SessionNotFound: 'Deze inlogpoging is verlopen of al afgerond. Ga terug naar de console en log opnieuw in.',
  invalid_client: 'De applicatie die je wilde openen is niet bekend bij deze aanmeldservice.',
  invalid_redirect_uri: 'De applicatie vroeg om je terug te sturen naar een adres dat niet is toegestaan.',
  access_denied: 'Je hebt geen toegang gekregen.',
  login_required: 'Je bent niet ingelogd. Ga terug naar de console en log opnieuw in.',
  server_error: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.',
};

const fallback = 'De aanvraag om in te loggen is ongeldig. Ga terug naar de console en probeer het opnieuw.';

/** The sentence for an error; `name` is the error class (e.g. SessionNotFound), `code` the OAuth error. */
export function dutchErrorMessage(code: string, name?: string): string {
  return (name && messages[name]) ?? messages[code] ?? fallback;
}
