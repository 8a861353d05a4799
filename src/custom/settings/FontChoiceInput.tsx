import { systemFontStacks } from '@contract/themes';
import { SelectInput, useRecordContext, useTranslate } from 'react-admin';
import type { DeclaredInputProps } from '../../declarative/fieldDeclaration';
import { inputProps } from '../../declarative/inputProps';
import { useThemeWebFonts } from './useThemeWebFonts';

/**
 * A heading or body font: one of the theme's web fonts (by id) or a safe system stack (by key), the
 * same choices the server accepts (`systemFontStacks` of the contract).
 */
export function FontChoiceInput({ field }: DeclaredInputProps) {
  const translate = useTranslate();
  const theme = useRecordContext();
  const { fonts, isPending } = useThemeWebFonts(theme?.id === undefined ? undefined : String(theme.id));
  const choices = [
    ...fonts.map((font) => ({
      id: font.id,
      name: translate('app.settings.typography.web_font_choice', { name: font.fontIdentifier }),
    })),
    ...systemFontStacks.map((stack) => ({ id: stack.key, name: stack.label })),
  ];
  return <SelectInput {...inputProps(field)} choices={choices} isPending={isPending} fullWidth />;
}
