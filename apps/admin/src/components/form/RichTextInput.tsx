import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import './rich-text-editor.css';

export interface RichTextInputProps {
  id: string;
  /** The id of the visible label that names the text box. */
  labelId: string;
  /** The HTML, '' when empty. */
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * A small word-processor box for banner and testimonial texts: bold, italic, underline, lists and
 * links with buttons and the usual shortcuts (Ctrl+B, Ctrl+I…), so nobody has to write HTML. It
 * makes only what the server keeps (apps/api's rich-text.ts), which cleans it again when stored.
 * Loaded on demand: the rest of the console does not carry the editor.
 */
export default function RichTextInput({ id, labelId, value, onChange, invalid, describedBy }: RichTextInputProps) {
  const attributes = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: `form-control rich-text__area${invalid ? ' is-invalid' : ''}`,
  };
  const editor = useEditor({
    // Its rules come from rich-text-editor.css: the console's policy refuses the <style> element Tiptap would add.
    injectCSS: false,
    editorProps: { attributes },
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
      }),
    ],
    content: value,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  // The text box's name, hints and error state follow the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attributes` is rebuilt from exactly these on each render
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, id, labelId, describedBy, invalid]);

  // A value set from outside (the record loaded, the form reset) replaces what the box shows.
  useEffect(() => {
    // React's strict mode mounts twice: the first editor is gone by the second run.
    if (editor.isDestroyed) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (value !== shown && !editor.isFocused) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  const addLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt('Link address (https://… or mailto:…)', previous);
    if (href === null) return;
    if (href.trim() === '' || href.trim() === 'https://') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  const tool = (label: string, text: string, pressed: boolean, run: () => void, className = '') => (
    <button
      type="button"
      className={`btn btn-sm btn-outline-secondary ${className}`}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );

  return (
    <div className="rich-text">
      <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
        {tool('Bold', 'B', active.bold, () => editor.chain().focus().toggleBold().run(), 'fw-bold')}
        {tool('Italic', 'I', active.italic, () => editor.chain().focus().toggleItalic().run(), 'fst-italic')}
        {tool(
          'Underline',
          'U',
          active.underline,
          () => editor.chain().focus().toggleUnderline().run(),
          'text-decoration-underline',
        )}
        {tool('Bulleted list', '•', active.bulletList, () => editor.chain().focus().toggleBulletList().run())}
        {tool('Numbered list', '1.', active.orderedList, () => editor.chain().focus().toggleOrderedList().run())}
        {tool('Link', 'Link', active.link, addLink)}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
