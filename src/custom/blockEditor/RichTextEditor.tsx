import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import DataObjectIcon from '@mui/icons-material/DataObject';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { cleanPastedHtml } from './cleanPastedHtml';
import { LinkForm } from './LinkForm';
import { MergeFieldMenu } from './MergeFieldMenu';

export interface RichTextEditorProps {
  /** The id of the element that labels the editor. */
  labelledBy: string;
  /** The id of the element that describes it (helper text or error). */
  describedBy?: string;
  /** The HTML the editor starts with; later changes of it are not followed (remount to reset). */
  initialHtml: string;
  invalid: boolean;
  onChange(html: string): void;
  /** Shown without the toolbar and not editable (a role that cannot save the block). */
  readOnly?: boolean;
}

/**
 * The rich-text editor of block fields (Tiptap): headings (h2, h3), bold, italic, lists and links, the
 * tags the server keeps. Pasted HTML is cleaned of Word and Google Docs markup first. Loaded as its own
 * chunk, only when a block with rich text is opened.
 */
export function RichTextEditor({
  labelledBy,
  describedBy,
  initialHtml,
  invalid,
  onChange,
  readOnly = false,
}: RichTextEditorProps) {
  const editor = useEditor({
    editable: !readOnly,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Only what the server keeps and an e-mail shows the same everywhere.
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url),
          HTMLAttributes: { rel: null, target: null },
        },
      }),
    ],
    content: initialHtml,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: invalid ? 'error.main' : 'primary.main', boxShadow: 1 },
      }}
    >
      {readOnly ? null : (
        <>
          <Toolbar editor={editor} />
          <Divider />
        </>
      )}
      <Box
        sx={{
          px: 1.5,
          '& .ProseMirror': { minHeight: 140, py: 1, outline: 'none' },
          '& .ProseMirror > :first-of-type': { mt: 0 },
          '& .ProseMirror h2': { fontSize: '1.35rem', mb: 1 },
          '& .ProseMirror h3': { fontSize: '1.1rem', mb: 1 },
          '& .ProseMirror a': { color: 'primary.main' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const [linkOpen, setLinkOpen] = useState<HTMLElement | null>(null);
  const [mergeFieldsOpen, setMergeFieldsOpen] = useState<HTMLElement | null>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: String(current.getAttributes('link').href ?? ''),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <Box
      role="toolbar"
      aria-label={translate('app.publications.editor.rich_text.toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5 }}
    >
      <Tool
        label="app.publications.editor.rich_text.h2"
        pressed={active.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Box component="span" sx={{ fontWeight: 700, fontSize: 13, px: 0.25 }}>
          H2
        </Box>
      </Tool>
      <Tool
        label="app.publications.editor.rich_text.h3"
        pressed={active.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Box component="span" sx={{ fontWeight: 700, fontSize: 13, px: 0.25 }}>
          H3
        </Box>
      </Tool>
      <Tool
        label="app.publications.editor.rich_text.bold"
        pressed={active.bold}
        onClick={() => chain().toggleBold().run()}
      >
        <FormatBoldIcon fontSize="small" />
      </Tool>
      <Tool
        label="app.publications.editor.rich_text.italic"
        pressed={active.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <FormatItalicIcon fontSize="small" />
      </Tool>
      <Tool
        label="app.publications.editor.rich_text.bullet_list"
        pressed={active.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <FormatListBulletedIcon fontSize="small" />
      </Tool>
      <Tool
        label="app.publications.editor.rich_text.ordered_list"
        pressed={active.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <FormatListNumberedIcon fontSize="small" />
      </Tool>
      <Tool
        label="app.publications.editor.rich_text.link"
        pressed={active.link}
        onClick={(event) => setLinkOpen(event.currentTarget)}
      >
        <LinkIcon fontSize="small" />
      </Tool>
      {active.link ? (
        <Tool
          label="app.publications.editor.rich_text.unlink"
          pressed={false}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        >
          <LinkOffIcon fontSize="small" />
        </Tool>
      ) : null}
      <Tool
        label="app.publications.editor.rich_text.merge_field"
        pressed={false}
        onClick={(event) => setMergeFieldsOpen(event.currentTarget)}
        hasPopup
      >
        <DataObjectIcon fontSize="small" />
      </Tool>
      <MergeFieldMenu
        anchor={mergeFieldsOpen}
        onClose={() => setMergeFieldsOpen(null)}
        onPick={(placeholder) => {
          setMergeFieldsOpen(null);
          chain().insertContent(placeholder).run();
        }}
      />
      <LinkForm
        anchor={linkOpen}
        initialUrl={active.href}
        onClose={() => setLinkOpen(null)}
        onApply={(href) => {
          setLinkOpen(null);
          if (editor.state.selection.empty && !active.link) {
            chain()
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          } else {
            chain().extendMarkRange('link').setLink({ href }).run();
          }
        }}
      />
    </Box>
  );
}

function Tool({
  label,
  pressed,
  onClick,
  hasPopup = false,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick(event: React.MouseEvent<HTMLElement>): void;
  /** Opens a menu (the merge fields) rather than toggling. */
  hasPopup?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const name = translate(label);
  return (
    <Tooltip title={name}>
      <ToggleButton
        value={label}
        selected={pressed}
        aria-label={name}
        aria-haspopup={hasPopup ? 'menu' : undefined}
        size="small"
        // Keeps the text selection: the editor must not lose focus before the command runs.
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => onClick(event)}
        sx={{ border: 0, minWidth: 36 }}
      >
        {children}
      </ToggleButton>
    </Tooltip>
  );
}
