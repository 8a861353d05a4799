import { Type, type Static } from '@sinclair/typebox';
import { Text, Uuid } from './common';

/** An environment's theme (GET /themes); the console shows onboarding when there is none (404). */
export const Theme = Type.Object({
  id: Uuid,
  name: Type.String(),
  primaryColor: Type.String({ description: 'CSS hex colour, e.g. #1f5fa8.' }),
  fileIdToLogo: Type.Union([Uuid, Type.Null()]),
});
export type Theme = Static<typeof Theme>;

/** POST /themes (extension, used by onboarding): creates the environment's theme. */
export const CreateThemeBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  primaryColor: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'CSS hex colour #rrggbb.' }),
});
export type CreateThemeBody = Static<typeof CreateThemeBody>;

export const ThemeParams = Type.Object({ themeId: Uuid });
