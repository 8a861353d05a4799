import { badRequest, type ApiError } from '../errors';

// The multipart parser (busboy, through @fastify/multipart) reports a body it cannot read with plain
// errors that only their text tells apart; they answered 500. Each upload route turns them into a Dutch
// 400 naming its file field, after it has dropped whatever it had kept of the upload.

const refusals: ReadonlyArray<readonly [RegExp, string]> = [
  [/boundary not found/i, "Het multipart-formulier mist de 'boundary' in de Content-Type."],
  [
    /needle cannot have a length bigger than/i,
    "De 'boundary' van het multipart-formulier is te lang (hoogstens 70 tekens).",
  ],
  [
    /unexpected end of multipart data/i,
    "Het multipart-formulier is onvolledig: het houdt op voor zijn einde, of de 'boundary' in de " +
      'Content-Type past niet bij de inhoud.',
  ],
];

/** The Dutch 400 for a multipart body the parser could not read; undefined for any other error. */
export function malformedMultipart(error: unknown, field: string): ApiError | undefined {
  if (!(error instanceof Error)) return undefined;
  const refusal = refusals.find(([pattern]) => pattern.test(error.message));
  return refusal && badRequest(field, refusal[1]);
}
