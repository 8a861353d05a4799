import fs from 'node:fs';
import path from 'node:path';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { nl } from '../../src/i18n/nl';

type Messages = { [key: string]: string | Messages | undefined };

/** Every leaf of a message tree as [dotted key, message]. */
function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${prefix}${key}`, value]];
    if (value && typeof value === 'object') return leaves(value, `${prefix}${key}.`);
    return [];
  });
}

function lookup(messages: Messages, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);
}

const english = leaves(englishMessages as unknown as Messages);
const dutch = nl as unknown as Messages;

/** Words that are the same in Dutch. */
const sameInBothLanguages = new Set(['ra.page.dashboard', 'ra.message.details']);
/** A message of placeholders alone ('%{name} %{recordRepresentation}') has nothing to translate. */
const hasWords = (message: string) => /\p{L}/u.test(message.replace(/%\{\w+\}/g, ''));

describe('Dutch messages', () => {
  it('walks the whole react-admin message tree', () => {
    expect(english.length).toBeGreaterThan(150);
  });

  it.each(english)('has a Dutch message for %s', (key, englishMessage) => {
    const message = lookup(dutch, key);
    expect(typeof message, `missing Dutch message for ${key}`).toBe('string');
    if (englishMessage.trim() !== '') expect(message).not.toBe('');
  });

  it('leaves no react-admin message in English', () => {
    const untranslated = english
      .filter(([key, message]) => hasWords(message) && !sameInBothLanguages.has(key))
      .filter(([key, message]) => lookup(dutch, key) === message)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('addresses the user with "je" everywhere, react-admin\'s own messages included', () => {
    const formal = leaves(dutch).filter(([, message]) => /\b(u|uw)\b/i.test(message) || /a\.u\.b\./.test(message));
    expect(formal).toEqual([]);
  });

  it('uses only placeholders react-admin fills in', () => {
    // A translation may leave a placeholder out; one react-admin does not pass would show as "%{…}".
    const placeholders = (message: string) => [...message.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]);
    const broken = english
      .filter(([key, message]) => {
        const translated = lookup(dutch, key);
        const known = new Set([...placeholders(message), 'smart_count']);
        return typeof translated === 'string' && placeholders(translated).some((name) => !known.has(name));
      })
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('has a message for every app key the console uses', () => {
    const sourceRoot = path.resolve(__dirname, '../../src');
    const used = new Set<string>();
    for (const file of sourceFiles(sourceRoot)) {
      const source = fs.readFileSync(file, 'utf8');
      // Keys are written as plain string literals; template literals (`app.areas.${area}.title`) are
      // covered by the area test below.
      for (const match of source.matchAll(/['"](app\.[a-z0-9_.]+[a-z0-9_])['"]/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    // A key names a message, or a branch of messages that a component completes (`${prefix}.title`).
    const missing = [...used].filter((key) => !['string', 'object'].includes(typeof lookup(dutch, key)));
    expect(missing).toEqual([]);
  });

  it('has a title and a description for every area', () => {
    const areas = lookup(dutch, 'app.areas') as Messages;
    for (const [area, messages] of Object.entries(areas)) {
      expect(lookup(messages as Messages, 'title'), area).toEqual(expect.any(String));
      expect(lookup(messages as Messages, 'description'), area).toEqual(expect.any(String));
    }
  });
});

describe('i18nProvider', () => {
  it('speaks Dutch', () => {
    expect(i18nProvider.getLocale()).toBe('nl');
    expect(i18nProvider.translate('ra.action.save')).toBe('Opslaan');
    expect(i18nProvider.translate('ra.action.update')).toBe('Bijwerken');
    expect(i18nProvider.translate('app.login.button')).toBe('Inloggen');
    expect(i18nProvider.translate('app.environments.switched', { name: 'Gemeente Zuiderveen' })).toBe(
      'Je werkt nu in Gemeente Zuiderveen.',
    );
  });
});

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}
