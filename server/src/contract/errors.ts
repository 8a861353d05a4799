import { Type, type Static } from '@sinclair/typebox';

/** Every error the API answers with; `message` is Dutch because the console may show it as is. */
export const ApiErrorBody = Type.Object(
  {
    status: Type.Integer({ description: 'The HTTP status code, repeated.' }),
    message: Type.String({ description: 'Dutch, safe to show to the user.' }),
    field: Type.Optional(Type.String({ description: 'The offending input field (400 only).' })),
  },
  { $id: 'ApiError', title: 'ApiError' },
);
export type ApiErrorBody = Static<typeof ApiErrorBody>;
