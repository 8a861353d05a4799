import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldLabels, hasFieldLabel } from '../../server/src/contract/fieldLabels';
import { describeValidationError } from '../../server/src/errors';

// Every schema of the contract, so every field name a request or answer can carry.
const contractModules = import.meta.glob<Record<string, unknown>>(
  ['../../server/src/contract/*.ts', '!**/write-openapi.ts'],
  {
    eager: true,
  },
);

function contractFieldNames(): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown): void => {
    if (schema === null || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const properties = (schema as { properties?: unknown }).properties;
    if (properties !== null && typeof properties === 'object') {
      for (const name of Object.keys(properties)) names.add(name);
    }
    for (const value of Object.values(schema)) walk(value);
  };
  for (const module of Object.values(contractModules)) for (const value of Object.values(module)) walk(value);
  return [...names].sort();
}

/** The schema violations Ajv reports, each with the parameters the error handler reads. */
const violations: Array<Pick<FastifySchemaValidationError, 'keyword' | 'params'>> = [
  { keyword: 'type', params: { type: 'string' } },
  { keyword: 'type', params: { type: 'integer' } },
  { keyword: 'type', params: { type: 'number' } },
  { keyword: 'type', params: { type: 'boolean' } },
  { keyword: 'type', params: { type: 'array' } },
  { keyword: 'type', params: { type: 'object' } },
  { keyword: 'type', params: { type: 'string,null' } },
  { keyword: 'format', params: { format: 'uuid' } },
  { keyword: 'format', params: { format: 'email' } },
  { keyword: 'format', params: { format: 'uri' } },
  { keyword: 'format', params: { format: 'date-time' } },
  { keyword: 'format', params: { format: 'date' } },
  { keyword: 'format', params: { format: 'postcode' } },
  { keyword: 'minLength', params: { limit: 1 } },
  { keyword: 'minLength', params: { limit: 5 } },
  { keyword: 'maxLength', params: { limit: 200 } },
  { keyword: 'minimum', params: { limit: 0 } },
  { keyword: 'maximum', params: { limit: 1000000 } },
  { keyword: 'minItems', params: { limit: 1 } },
  { keyword: 'maxItems', params: { limit: 100 } },
  { keyword: 'enum', params: { allowedValues: ['IsEqual', 'Contains'] } },
  { keyword: 'const', params: { allowedValue: 'radio' } },
  { keyword: 'pattern', params: { pattern: '^[a-z]+$' } },
  { keyword: 'multipleOf', params: { multipleOf: 2 } },
];

const names = contractFieldNames();

/** The internal name as a word of its own (so 'Status' does not count as 'status'). */
const mentions = (message: string, name: string) =>
  new RegExp(`(^|[^A-Za-z0-9])${name}([^A-Za-z0-9]|$)`).test(message);

describe('the shared field label map', () => {
  it('has a Dutch label for every field name of the contract', () => {
    expect(names.length).toBeGreaterThan(150);
    expect(names.filter((name) => !hasFieldLabel(name))).toEqual([]);
  });

  it('turns every schema violation of every field into a Dutch text that names the label, not the field', () => {
    // Thousands of combinations: each wrong text is collected and the list asserted once (an expect per
    // combination made this test take seconds).
    const wrong: string[] = [];
    let checked = 0;
    for (const name of names) {
      const label = fieldLabels[name as keyof typeof fieldLabels];
      for (const path of [`/${name}`, `/rows/3/${name}`]) {
        for (const violation of violations) {
          const body = describeValidationError(
            {
              ...violation,
              instancePath: path,
              schemaPath: '#',
              message: 'x',
            } as FastifySchemaValidationError,
            'body',
          );
          const named = body.message.startsWith(label) && (label === name || !mentions(body.message, name));
          if (body.status !== 400 || !named || body.message.includes('Het veld')) {
            wrong.push(`${name} ${violation.keyword}: ${body.status} ${body.message}`);
          }
          checked += 1;
        }
        const missing = describeValidationError(
          {
            keyword: 'required',
            params: { missingProperty: name },
            instancePath: path.slice(0, path.length - name.length - 1),
            schemaPath: '#',
          } as FastifySchemaValidationError,
          'body',
        );
        const expected = {
          status: 400,
          message: `${label} is verplicht.`,
          field: path.slice(1).replaceAll('/', '.'),
        };
        if (JSON.stringify(missing) !== JSON.stringify(expected))
          wrong.push(`${name} required: ${JSON.stringify(missing)}`);
        checked += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(names.length * 2 * (violations.length + 1));
  });

  it("words the issue's example as staff read it", () => {
    const body = describeValidationError(
      {
        keyword: 'type',
        params: { type: 'integer' },
        instancePath: '/maxAnswers',
        schemaPath: '#',
      } as FastifySchemaValidationError,
      'body',
    );
    expect(body).toEqual({
      status: 400,
      message: 'Maximum aantal antwoorden moet een geheel getal zijn.',
      field: 'maxAnswers',
    });
  });

  it('names an unknown path by a neutral word, never by its internal name', () => {
    expect(fieldLabel('somethingInternal')).toBe('Een veld');
    expect(fieldLabel('subscriber.email')).toBe('E-mailadres');
    expect(fieldLabel('rows.12.postalCode')).toBe('Postcode');
  });
});

// The texts the area modules write themselves (badRequest, ApiError) are read from the source: none
// names a contract field by its internal name or puts a raw field path in a sentence.
function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return serverSources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

// The message argument: badRequest(field, message), new ApiError(status, message, field), conflict(message).
const messagePattern =
  /(?:badRequest\(\s*[^,()]+,|ApiError\(\s*\d+\s*,|(?:conflict|forbidden)\()\s*([`'"])([\s\S]*?)\1/g;

describe('the Dutch field errors of the area modules', () => {
  const sources = serverSources(join(__dirname, '../../server/src'));
  const messages = sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(messagePattern)].map((match) => ({ file, text: match[2] })),
  );
  // Field names in camelCase cannot be Dutch words: any in a message is an internal name.
  const internalNames = names.filter((name) => /[A-Z0-9]/.test(name.slice(1)));

  it('finds the messages it checks', () => {
    expect(messages.length).toBeGreaterThan(40);
  });

  it('never name a field by its internal name', () => {
    // Interpolated code (`${fieldLabel(field)}`) is not text the user reads.
    const sentence = (text: string) => text.replace(/\$\{[^}]*\}/g, '…');
    // The one exception shows a program the JSON shape of a multipart part; the console never sends it wrong.
    const formatHint = (text: string) => text.startsWith('De nieuwe labels moeten JSON zijn');
    const offending = messages.filter(
      ({ text }) => !formatHint(text) && internalNames.some((name) => mentions(sentence(text), name)),
    );
    expect(offending).toEqual([]);
  });

  it('never put a raw field path in a sentence (they go through fieldLabel)', () => {
    const raw = messages.filter(({ text }) => /\$\{(field|path|target)\}/.test(text));
    expect(raw).toEqual([]);
  });
});
