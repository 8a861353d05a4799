import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { defaultMemberRole, memberRoles } from '../../contract/memberRoles';

/** A tenant of the platform: every record of every area belongs to exactly one environment. */
export const environments = pgTable(
  'environments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The platform's default environment, answered by GET /api/1/environment/info; at most one. */
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * New at every change of what an environment's publication previews show besides their own content
     * (its name, theme, fonts, logo, media files, sender, repeatable groups): set by triggers (migration
     * `preview-stamps`), read by publications/publicationRendering.ts for the preview's ETag.
     */
    previewStamp: uuid('preview_stamp').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('environments_single_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/**
 * A person who signs in. Matched by the identity provider's stable key (`identity_issuer` +
 * `identity_subject`: Entra ID's tenant + object id, else issuer + `sub`); `username` is the e-mail
 * address (stored lower-case) an invitation names, claimed once by the first sign-in that carries it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** The display name: the provider's, unless someone set another one here. */
    name: text('name'),
    /** The name the provider gave last, to tell a provider's name from a local one. */
    providerName: text('provider_name'),
    /** `entra:{tid}`, the issuer URL, or `embedded`; null until first sign-in (or for an invitation by object id). */
    identityIssuer: text('identity_issuer'),
    /** Entra ID's `oid` or the token's `sub`; null until first sign-in unless invited by object id. */
    identitySubject: text('identity_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_identity_unique').on(table.identityIssuer, table.identitySubject),
    index('users_identity_subject_idx').on(table.identitySubject),
  ],
);

/** Which users may work in which environment (no roles: any member has full access). */
export const environmentMembers = pgTable(
  'environment_members',
  {
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contract/memberRoles.ts; existing and new members are administrators unless a role is set. */
    role: text('role', { enum: memberRoles }).notNull().default(defaultMemberRole),
  },
  (table) => [
    primaryKey({ columns: [table.environmentId, table.userId] }),
    check(
      'environment_members_role_check',
      sql.raw(`role IN (${memberRoles.map((role) => `'${role}'`).join(', ')})`),
    ),
    index('environment_members_user_idx').on(table.userId),
  ],
);

/**
 * The look of an environment; at most one per environment (none means the console shows onboarding).
 * It is the one source of styling for publications (rendering/themeStyle.ts). Each font is either one of
 * the theme's web fonts (`*_font_id`) or a system stack (`*_system_font`, a key of `systemFontStacks`):
 * exactly one of the two is set. The web-font key refuses deleting a font that typography uses.
 */
export const themes = pgTable(
  'themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color').notNull().default('#f2f3f5'),
    textColor: text('text_color').notNull().default('#222222'),
    backgroundColor: text('background_color').notNull().default('#ffffff'),
    linkColor: text('link_color').notNull().default('#1f5fa8'),
    buttonTextColor: text('button_text_color').notNull().default('#ffffff'),
    headingFontId: uuid('heading_font_id').references((): AnyPgColumn => themeFonts.id),
    headingSystemFont: text('heading_system_font').default('georgia'),
    bodyFontId: uuid('body_font_id').references((): AnyPgColumn => themeFonts.id),
    bodySystemFont: text('body_system_font').default('arial'),
    /** Base text size in px. */
    baseSize: integer('base_size').notNull().default(16),
    lineHeight: doublePrecision('line_height').notNull().default(1.5),
    /** Extra CSS for publications, checked on save (themes/advancedCss.ts). */
    advancedCss: text('advanced_css').notNull().default(''),
    /** Media file shown as the environment's logo; no foreign key so the media area stays independent. */
    fileIdToLogo: uuid('file_id_to_logo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('themes_environment_unique').on(table.environmentId),
    check(
      'themes_heading_font_one',
      sql`num_nonnulls(${table.headingFontId}, ${table.headingSystemFont}) = 1`,
    ),
    check('themes_body_font_one', sql`num_nonnulls(${table.bodyFontId}, ${table.bodySystemFont}) = 1`),
  ],
);

/** A web font of a theme: a family name and the CSS that loads it (e.g. from Google Fonts). */
export const themeFonts = pgTable(
  'theme_fonts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    /** The CSS font-family name the stylesheet defines, e.g. `Open Sans`. */
    fontIdentifier: text('font_identifier').notNull(),
    srcUrl: text('src_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Font family names are case-insensitive in CSS.
    uniqueIndex('theme_fonts_identifier_unique').on(table.themeId, sql`lower(${table.fontIdentifier})`),
  ],
);
