import type { Endpoint } from './apiMapping';

/** What an endpoint answers, as `answers<TResult>()` (./apiMapping.ts) declares it; `unknown` when undeclared. */
type ResultOf<TEndpoint> = TEndpoint extends Endpoint<infer TResult> ? TResult : unknown;

type ActionResultsOf<TActions> = { [TAction in keyof TActions & string]: ResultOf<TActions[TAction]> };

/**
 * The named actions of declarations and what each answers, per resource:
 * `{ publications: { render: RenderedPublication; … }; … }`, from their names and `api.actions` as
 * `defineResource<List>()` keeps them. A declaration whose name is a plain `string` (the one-call
 * `defineResource<List>({ … })`) has its actions at run time but none at type level.
 */
export type ActionsOf<TDeclaration> = {
  [
    TTyped in TDeclaration as TTyped extends { name: infer TName extends string }
      ? string extends TName
        ? never
        : TName
      : never
  ]: TTyped extends { api: { actions?: infer TActions } } ? ActionResultsOf<NonNullable<TActions>> : never;
};
