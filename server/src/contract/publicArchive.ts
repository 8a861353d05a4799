import { Type, type Static } from '@sinclair/typebox';

// The environment's public archive (server/src/publicArchive/): its one setting and where it is read.

/** The body of the archive's setting. */
export const PublicArchiveSettingBody = Type.Object({
  enabled: Type.Boolean({
    description:
      'Whether the public archive `/a/{environmentId}` and its Atom feed are on (off: both answer 404).',
  }),
});
export type PublicArchiveSettingBody = Static<typeof PublicArchiveSettingBody>;

/** The setting and the addresses it opens. */
export const PublicArchiveSetting = Type.Object({
  enabled: Type.Boolean(),
  archiveUrl: Type.String({ description: "The archive's page (public, no sign-in)." }),
  feedUrl: Type.String({ description: "The archive's Atom feed." }),
});
export type PublicArchiveSetting = Static<typeof PublicArchiveSetting>;
