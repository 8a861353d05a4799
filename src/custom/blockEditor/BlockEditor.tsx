import type { FieldDefinition, PublicationBlock } from '@contract/publications';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Timer } from './blockAutosave';
import type { FieldDraft, ImageDraft, LinkDraft } from './blockDraft';
import { ConflictAlert } from './ConflictAlert';
import { DateTimeInput } from './fields/DateTimeInput';
import type { FieldInputProps } from './fields/fieldInputProps';
import { ImageInput } from './fields/ImageInput';
import { LinkInput } from './fields/LinkInput';
import { RichTextInput } from './fields/RichTextInput';
import { ShortTextInput } from './fields/ShortTextInput';
import { SaveStatusLine } from './SaveStatusLine';
import { useBlockEditor } from './useBlockEditor';

export interface BlockEditorProps {
  block: PublicationBlock;
  /** The field definitions of the block's repeatable group. */
  fields: readonly FieldDefinition[];
  timer?: Timer;
  /** The fields shown read-only, nothing saved: a role that cannot save the block (a Lezer). */
  readOnly?: boolean;
}

/** One block's fields as a form built from its group's definitions, saved while typing. */
export function BlockEditor({ block, fields, timer, readOnly = false }: BlockEditorProps) {
  const translate = useTranslate();
  const editor = useBlockEditor({ block, fields, timer });

  if (fields.length === 0) {
    return <Typography color="text.secondary">{translate('app.publications.editor.no_fields')}</Typography>;
  }
  return (
    <Stack spacing={2.5} component="form" noValidate onSubmit={(event) => event.preventDefault()}>
      <SaveStatusLine
        state={editor.state}
        onRetry={() => void editor.retry()}
        onDiscard={() => void editor.discard()}
      />
      {editor.state.status === 'conflict' ? (
        <ConflictAlert
          onTakeTheirs={() => void editor.takeTheirs()}
          onOverwrite={() => void editor.overwrite()}
        />
      ) : null}
      {fields.map((field) => {
        const props: FieldInputProps = {
          id: `block-${block.id}-${field.name}`,
          field,
          value: editor.draft[field.name] as FieldDraft,
          // Read-only: no change reaches the draft, so nothing is ever saved into a 403.
          onChange: (value) => (readOnly ? undefined : editor.change(field.name, value)),
          problems: editor.problems,
          readOnly,
        };
        return <FieldInput key={field.name} {...props} revision={editor.revision} />;
      })}
    </Stack>
  );
}

function FieldInput({ revision, ...props }: FieldInputProps & { revision: number }) {
  switch (props.field.kind) {
    case 'shortText':
      return <ShortTextInput {...(props as FieldInputProps<string>)} />;
    case 'richText':
      return <RichTextInput {...(props as FieldInputProps<string>)} revision={revision} />;
    case 'image':
      return <ImageInput {...(props as FieldInputProps<ImageDraft>)} />;
    case 'link':
      return <LinkInput {...(props as FieldInputProps<LinkDraft>)} />;
    case 'dateTime':
      return <DateTimeInput {...(props as FieldInputProps<string>)} />;
  }
}
