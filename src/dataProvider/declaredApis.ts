import type { ApiMapping, ApiVerb } from '../declarative/apiMapping';
import type { ResourceDeclaration } from '../declarative/resourceDeclaration';

/** The API mappings of the declared resources, looked up by resource name. */
export function declaredApis(declarations: readonly ResourceDeclaration[]) {
  const apis = new Map(declarations.map((declaration) => [declaration.name, declaration.api]));

  function apiOf(resource: string): ApiMapping {
    const api = apis.get(resource);
    if (!api) throw new Error(`Unknown resource '${resource}': declare it in src/resources`);
    return api;
  }

  /** The endpoint of a verb the caller needs; a missing one is a mistake in the declaration. */
  function endpointOf<TVerb extends ApiVerb>(resource: string, verb: TVerb): NonNullable<ApiMapping[TVerb]> {
    const endpoint = apiOf(resource)[verb];
    if (!endpoint) throw new Error(`Resource '${resource}' declares no ${verb} endpoint`);
    return endpoint;
  }

  return { apiOf, endpointOf };
}
