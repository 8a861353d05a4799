import { describe, expect, it } from 'vitest';
import {
  formatDutchNumber,
  formatNumberInput,
  parseDutchNumber,
  readDutchNumber,
} from '../../src/i18n/dutchNumber';
import { i18nProvider } from '../../src/i18n/i18nProvider';

describe('Dutch numbers', () => {
  it.each([
    ['1,5', 1.5],
    ['1.5', 1.5],
    [' 1,6 ', 1.6],
    ['-2,25', -2.25],
    [',5', 0.5],
    ['1,', 1],
    ['16', 16],
    ['30.010', 30010],
    ['1.000', 1000],
    ['1.000.000', 1_000_000],
    ['1,000,000', 1_000_000],
    ['0,125', 0.125],
    ['0.125', 0.125],
    ['1,50', 1.5],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['30 010', 30010],
  ])('reads %j as %d', (text, value) => {
    expect(parseDutchNumber(text)).toBe(value);
  });

  it('refuses what can be read two ways, in Dutch, rather than choosing one', () => {
    expect(readDutchNumber('1,000')).toEqual({
      problem: 'declarative.number.ambiguous',
      args: { text: '1,000', thousands: '1.000', decimal: '1' },
    });
    expect(readDutchNumber('12,500')).toMatchObject({ args: { thousands: '12.500', decimal: '12,5' } });
    expect(parseDutchNumber('1,000')).toBeNaN();
  });

  it('refuses a fraction in a field of whole numbers, and reads thousands there', () => {
    expect(readDutchNumber('1,5', { fractions: false })).toEqual({ problem: 'declarative.number.whole' });
    expect(readDutchNumber('1.000', { fractions: false })).toEqual({ value: 1000 });
    expect(readDutchNumber('1,5')).toEqual({ value: 1.5 });
    expect(readDutchNumber('abc')).toEqual({ problem: 'ra.validation.number' });
    expect(readDutchNumber(' ')).toEqual({ value: null });
  });

  it('reads an empty field as no number, and text that is no number as NaN', () => {
    expect(parseDutchNumber('')).toBeNull();
    expect(parseDutchNumber('  ')).toBeNull();
    for (const text of ['abc', '1,5,6x', '1.2.3,4', '1e5', '1,2,3.4.5', '--1'])
      expect(parseDutchNumber(text), text).toBeNaN();
  });

  it('shows a number for editing with a decimal comma and no thousands dots, and reads it back', () => {
    expect(formatNumberInput(1.6)).toBe('1,6');
    expect(formatNumberInput(30010)).toBe('30010');
    for (const value of [1.6, 0.1, 30010, -4.75])
      expect(parseDutchNumber(formatNumberInput(value))).toBe(value);
  });

  it('shows counts with thousands dots and a decimal comma', () => {
    expect(formatDutchNumber(30010)).toBe('30.010');
    expect(formatDutchNumber(1234567)).toBe('1.234.567');
    expect(formatDutchNumber(1.5)).toBe('1,5');
    expect(formatDutchNumber(999)).toBe('999');
  });

  it('interpolates numbers in messages in Dutch notation and still chooses the plural form by the number', () => {
    const key = 'app.receivers.lists.page.subscribers';
    const translated = (count: number) => i18nProvider.translate(key, { smart_count: count });
    expect(translated(30010)).toBe('30.010 ontvangers');
    expect(translated(1)).toBe('1 ontvanger');
    expect(i18nProvider.translate('app.receivers.imports.progress.rows', { done: 12500, total: 30010 })).toBe(
      '12.500 van ongeveer 30.010 rijen',
    );
  });
});
