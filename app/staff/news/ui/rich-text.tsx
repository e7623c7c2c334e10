import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';

/** Props of the rich text field. */
export interface RichTextProps {
  name: string;
  label: string;
  defaultValue: string;
  /** id of the field's error message, when there is one */
  errorId?: string;
  /** called with the HTML after each change (the autosave listens) */
  onChange?: (html: string) => void;
}

/**
 * The post's body: a Tiptap editor whose HTML travels in a hidden input, so the form posts as any
 * form. Before hydration (or without JavaScript) it is a plain textarea of HTML, which the server
 * sanitizes the same way.
 */
export function RichTextField({ name, label, defaultValue, errorId, onChange }: RichTextProps) {
  const labelId = useId();
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: defaultValue,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(errorId ? { 'aria-describedby': errorId, 'aria-invalid': 'true' } : {}),
        class: 'post-editor__rich-area',
      },
    },
    onUpdate: ({ editor: e }) => {
      const next = e.getHTML();
      setHtml(next);
      onChange?.(next);
    },
  });
  useEffect(() => {
    if (editor) setHtml(editor.getHTML());
  }, [editor]);

  if (!editor) {
    return (
      <div className="admin-field">
        <label id={labelId} htmlFor={`${labelId}-text`}>
          {`${label} (HTML)`}
        </label>
        <textarea
          id={`${labelId}-text`}
          name={name}
          defaultValue={defaultValue}
          rows={14}
          aria-describedby={errorId}
          aria-invalid={errorId ? true : undefined}
        />
      </div>
    );
  }
  return (
    <div className="admin-field post-editor__rich">
      <span className="post-editor__label" id={labelId}>
        {label}
      </span>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

/** Left and right arrows move between the toolbar's buttons (Home and End to the ends). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const to =
    event.key === 'ArrowRight'
      ? (at + 1) % buttons.length
      : event.key === 'ArrowLeft'
        ? (at - 1 + buttons.length) % buttons.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? buttons.length - 1
            : -1;
  if (to < 0) return;
  event.preventDefault();
  buttons[to]?.focus();
}

type Editor = NonNullable<ReturnType<typeof useEditor>>;

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const button = (label: string, pressed: boolean, run: () => void) => (
    <button
      type="button"
      className="post-editor__tool"
      aria-pressed={pressed}
      onClick={() => {
        run();
      }}
    >
      {label}
    </button>
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="post-editor__toolbar" role="toolbar" aria-label="Format teks" onKeyDown={moveFocus}>
      {button('Tebal', state.bold, () => chain().toggleBold().run())}
      {button('Miring', state.italic, () => chain().toggleItalic().run())}
      {button('Subjudul', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {button('Sub-subjudul', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {button('Daftar berpoin', state.bullet, () => chain().toggleBulletList().run())}
      {button('Daftar bernomor', state.ordered, () => chain().toggleOrderedList().run())}
      {button('Kutipan', state.quote, () => chain().toggleBlockquote().run())}
    </div>
  );
}
