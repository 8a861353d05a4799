// How an area's settings reader (e.g. delivery/deliverySettings.ts) reads the environment: config.ts hands
// each reader these, so every setting is parsed and refused the same way, with the variable's name.

/** An integer setting: `fallback` when unset; anything else than an integer >= `minimum` is refused. */
export type ReadInteger = (name: string, fallback: number, minimum: number) => number;

/** An on/off setting (also true/false, 1/0, yes/no): undefined when unset; anything else is refused. */
export type ReadSwitch = (name: string) => boolean | undefined;

/** A text setting, trimmed: undefined when unset or blank. */
export type ReadText = (name: string) => string | undefined;

export interface SettingsReaders {
  integer: ReadInteger;
  onOff: ReadSwitch;
  text: ReadText;
}
