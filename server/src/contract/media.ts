import { Type, type Static } from '@sinclair/typebox';
import { Text, Uuid } from './common';

/** A label on a file (or another taggable entity). */
export const Tag = Type.Object({
  id: Uuid,
  name: Type.String({ description: 'As entered; unique per entity ignoring case.' }),
});
export type Tag = Static<typeof Tag>;

/** An uploaded file of the media library. */
export const MediaFile = Type.Object({
  id: Uuid,
  directoryId: Uuid,
  extension: Type.String({ description: "Lower case with its leading dot ('.jpg'); '' when none." }),
  name: Type.String({ description: 'The current name (renamable), initially the uploaded name.' }),
  friendlyName: Type.String({ description: 'The current name without its extension, shown on the tiles.' }),
  originalName: Type.String({ description: 'The name the file was uploaded with; the download uses it.' }),
  sizeInBytes: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  tags: Type.Array(Tag),
});
export type MediaFile = Static<typeof MediaFile>;

const ParentDirectoryId = Type.Union([Uuid, Type.Null()], { description: 'Null for the root, named Media.' });

/** A folder without its content (the entries of `MediaDirectory.directories`, and POST /directory). */
export const MediaDirectorySummary = Type.Object({
  id: Uuid,
  name: Type.String(),
  parentDirectoryId: ParentDirectoryId,
});
export type MediaDirectorySummary = Static<typeof MediaDirectorySummary>;

/** A folder with its sub-folders and files (`GET /media/{path}`). */
export const MediaDirectory = Type.Object({
  id: Uuid,
  name: Type.String(),
  parentDirectoryId: ParentDirectoryId,
  path: Type.String({ description: "The folder's path below the root: '/' for the root, else '/A/B'." }),
  directories: Type.Array(MediaDirectorySummary, { description: 'Sub-folders, by name.' }),
  files: Type.Array(MediaFile, { description: 'Files, by name.' }),
});
export type MediaDirectory = Static<typeof MediaDirectory>;

/** Query of `POST /directory`. */
export const CreateDirectoryQuery = Type.Object({
  name: Text({ description: 'The new folder name (trimmed, not empty, no / or \\).' }),
  parentDirectory: Type.Optional(
    Type.String({
      format: 'uuid',
      description: 'The parent folder; absent or the zero GUID means the root.',
    }),
  ),
});
export type CreateDirectoryQuery = Static<typeof CreateDirectoryQuery>;

export const DirectoryParams = Type.Object({
  directoryId: Type.String({
    format: 'uuid',
    description: 'The folder; the zero GUID means the root.',
  }),
});

/** Query of `PUT /directory/{directoryId}` (extension). */
export const RenameDirectoryQuery = Type.Object({
  newName: Text({ description: 'The new folder name (trimmed, not empty, no / or \\).' }),
});
export type RenameDirectoryQuery = Static<typeof RenameDirectoryQuery>;

export const FileParams = Type.Object({ fileId: Uuid });

/** Query of `PUT /file/{id}`. */
export const RenameFileQuery = Type.Object({
  newName: Text({ description: 'The new current name (trimmed, not empty).' }),
});
export type RenameFileQuery = Static<typeof RenameFileQuery>;

/** Entity kinds that carry tags. */
export const TaggableEntity = Type.Union([Type.Literal('file')], {
  description: 'The kind of tagged entity.',
});
export type TaggableEntity = Static<typeof TaggableEntity>;

export const TagsParams = Type.Object({ entity: TaggableEntity, entityId: Uuid });
export const TagParams = Type.Object({ entity: TaggableEntity, entityId: Uuid, tagId: Uuid });

/** Query of `POST /tags/{entity}/{entityId}`. */
export const AddTagQuery = Type.Object({
  tagName: Text({
    description: 'Trimmed; an existing name (ignoring case) returns the existing tag.',
  }),
});
export type AddTagQuery = Static<typeof AddTagQuery>;

/** Path of the image CDN: `{cdnBase}/{environmentId}/{fileId}{extension}`. */
export const CdnParams = Type.Object({
  environmentId: Uuid,
  file: Type.String({
    pattern:
      '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(\\.[A-Za-z0-9]{1,10})?$',
    description: 'The file id followed by its extension.',
  }),
});

/** Query of the image CDN. */
export const CdnQuery = Type.Object({
  w: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 4000,
      description: 'Width in pixels (rounded up to the size ladder).',
    }),
  ),
  h: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 4000,
      description: 'Height in pixels (rounded up to the size ladder).',
    }),
  ),
  mode: Type.Optional(
    Type.Literal('crop', {
      description: 'Fill w x h exactly (cover crop); without it the image fits inside.',
    }),
  ),
});
export type CdnQuery = Static<typeof CdnQuery>;

/** A block of a publication whose content shows the file. */
export const FileUseBlock = Type.Object({
  id: Uuid,
  name: Type.String({ description: "The block's name in the publication (its group's name)." }),
  position: Type.Integer({ minimum: 0, description: 'Its place in the publication, 0-based.' }),
});

/** A publication that shows the file in one or more of its blocks. */
export const FileUsePublication = Type.Object({
  id: Uuid,
  name: Type.String(),
  sent: Type.Boolean({
    description: 'True when the publication has a delivery job: its messages refer to the file.',
  }),
  blocks: Type.Array(FileUseBlock),
});
export type FileUsePublication = Static<typeof FileUsePublication>;

/** Where a file is used (`GET /file/{id}/usage`, extension): what deleting it would break. */
export const FileUsage = Type.Object({
  themeLogo: Type.Boolean({ description: "True when the file is the environment's logo." }),
  publications: Type.Array(FileUsePublication, { description: 'By name; sent ones and drafts.' }),
});
export type FileUsage = Static<typeof FileUsage>;
