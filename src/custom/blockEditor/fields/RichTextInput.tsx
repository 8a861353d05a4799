import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { FieldInputProps } from './fieldInputProps';
import { useProblemText } from './useProblemText';

// Tiptap and ProseMirror are the biggest part of the editor: their own chunk, loaded with the first
// rich-text field shown.
const RichTextEditor = lazy(async () => ({ default: (await import('../RichTextEditor')).RichTextEditor }));

/** Rich text (headings, bold, italic, lists, links) in the Tiptap editor. */
export function RichTextInput({
  id,
  field,
  value,
  onChange,
  problems,
  revision,
  readOnly,
}: FieldInputProps<string> & { revision: number }) {
  const problem = useProblemText(field, problems)();
  return (
    <FormControl error={problem !== undefined} required={field.required} fullWidth>
      <FormLabel id={`${id}-label`} sx={{ mb: 0.5 }}>
        {field.label}
      </FormLabel>
      <Suspense fallback={<Skeleton variant="rounded" height={190} />}>
        <RichTextEditor
          // A new revision (the other version loaded) starts the editor again from the draft.
          key={revision}
          labelledBy={`${id}-label`}
          describedBy={problem ? `${id}-problem` : undefined}
          initialHtml={value}
          invalid={problem !== undefined}
          onChange={onChange}
          readOnly={readOnly}
        />
      </Suspense>
      {problem ? <FormHelperText id={`${id}-problem`}>{problem}</FormHelperText> : null}
    </FormControl>
  );
}
