import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

// Fastify compiles every route's validators (ajv) and response serializers (fast-json-stringify) when
// the app is built: about 0.7 s of CPU, a third of a warm start. Each Fastify instance brings compilers
// of its own, so a process that builds the app more than once (the server tests start dozens in one
// process; an in-process restart) compiles the same schemas again. These compilers are Fastify's own,
// made once per process, and keep each compiled function under the text of what it was compiled from:
// the same schema with the same shared schemas and options gives the same function, whichever app asks.
// The functions are pure (ajv's coercion works on the request it is given), so sharing them is safe.

type CompilerOf<Factory extends (...parameters: never[]) => unknown> = ReturnType<Factory>;

const buildAjvCompiler = AjvCompiler();
const buildStringifyCompiler = SerializerSelector();

/** Compiled functions by the key of their compiler's inputs and the schema's text. */
const validators = new Map<string, ReturnType<CompilerOf<ValidatorFactory>>>();
const serializers = new Map<string, ReturnType<CompilerOf<SerializerFactory>>>();

const textOf = (value: unknown) => JSON.stringify(value) ?? 'undefined';

/** The function kept under `key`, compiled and kept first if there is none. */
function kept<Compiled>(functions: Map<string, Compiled>, key: string, compile: () => Compiled): Compiled {
  let compiled = functions.get(key);
  if (compiled === undefined) {
    compiled = compile();
    functions.set(key, compiled);
  }
  return compiled;
}

/** Fastify's `schemaController.compilersFactory`: its default compilers, compiling each schema once a process. */
export const sharedSchemaCompilers: { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } =
  {
    buildValidator: ((externalSchemas, options) => {
      const compile = buildAjvCompiler(externalSchemas, options);
      const compilerKey = `${textOf(externalSchemas)}${textOf(options?.customOptions)}`;
      return (route) =>
        kept(validators, `${compilerKey}\u0000${route.httpPart}\u0000${textOf(route.schema)}`, () =>
          compile(route),
        );
    }) as ValidatorFactory,
    buildSerializer: ((externalSchemas, options) => {
      const compile = buildStringifyCompiler(externalSchemas, options);
      const compilerKey = `${textOf(externalSchemas)}${textOf(options)}`;
      return (route) =>
        kept(serializers, `${compilerKey}\u0000${textOf(route.schema)}`, () => compile(route));
    }) as SerializerFactory,
  };
