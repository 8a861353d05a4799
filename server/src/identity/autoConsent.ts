import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';

interface MissingConsent {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

/**
 * Consent needs no screen for the console, the platform's own (first-party) client: grant whatever the
 * consent prompt reports missing and go on.
 */
export async function grantRequestedConsent(
  provider: Provider,
  interaction: Interaction,
): Promise<InteractionResults> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string')
    throw new Error('consent prompt without a signed-in account or client');
  const missing = interaction.prompt.details as MissingConsent;
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return { consent: { grantId: await grant.save() } };
}
