// The post body's editor: Tiptap (ProseMirror) with only the node and mark types the server accepts
// (api/internal/blog/body.go). Loaded only with the editor page's chunk.
import { mergeAttributes, Node, type JSONContent } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Input, Label } from '@sojourn/ui';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, MapPin, Quote, Redo2, Strikethrough, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PROSE } from './bits';

const KIND_LABEL: Record<string, string> = { tour: 'Tour', product: 'Product', practitioner: 'Practitioner' };

/** An embedded Sojourn item: the document stores only its kind and id; the server renders the card. */
const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  addAttributes() {
    return { kind: { default: 'tour' }, id: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'div[data-embed-kind]', getAttrs: (el) => ({ kind: (el as HTMLElement).dataset['embedKind'], id: (el as HTMLElement).dataset['embedId'] }) }];
  },
  renderHTML({ HTMLAttributes, node }) {
    const kind = String(node.attrs['kind']);
    return [
      'div',
      mergeAttributes({ 'data-embed-kind': kind, 'data-embed-id': node.attrs['id'], class: 'my-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm' }, { class: HTMLAttributes['class'] }),
      `${KIND_LABEL[kind] ?? kind} card · ${String(node.attrs['id'])}`,
    ];
  },
});

export interface RichEditorProps {
  value: JSONContent;
  onChange: (doc: JSONContent, text: string) => void;
  labelledBy: string;
}

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active ?? false}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-md text-foreground hover:bg-accent aria-pressed:bg-primary aria-pressed:text-primary-foreground"
    >
      {children}
    </button>
  );
}

/** The rich-text editor: headings, lists, quotes, links, images with required alt text, and Sojourn item cards. */
export default function RichEditor({ value, onChange, labelledBy }: RichEditorProps) {
  const [dialog, setDialog] = useState<null | 'image' | 'link' | 'embed'>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, codeBlock: false, underline: false, link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }),
      Image.configure({ inline: false }),
      Placeholder.configure({ placeholder: 'Tell the story…' }),
      Embed,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { class: `${PROSE} min-h-72 px-4 py-3 focus:outline-none [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]`, 'aria-labelledby': labelledBy, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.getJSON(), e.getText()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="rounded-lg border bg-background">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b p-1">
        <ToolButton label="Heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}><Heading2 className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Subheading" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}><Heading3 className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}><Bold className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}><Italic className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Strikethrough" active={state.strike} onClick={() => chain().toggleStrike().run()}><Strikethrough className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}><List className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}><ListOrdered className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}><Quote className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Link" active={state.link} onClick={() => setDialog('link')}><Link2 className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Image" onClick={() => setDialog('image')}><ImagePlus className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Sojourn item card" onClick={() => setDialog('embed')}><MapPin className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Undo" onClick={() => chain().undo().run()}><Undo2 className="size-4" aria-hidden /></ToolButton>
        <ToolButton label="Redo" onClick={() => chain().redo().run()}><Redo2 className="size-4" aria-hidden /></ToolButton>
      </div>
      <EditorContent editor={editor} />
      <InsertDialog
        kind={dialog}
        onClose={() => setDialog(null)}
        onLink={(href) => (href ? chain().extendMarkRange('link').setLink({ href }).run() : chain().extendMarkRange('link').unsetLink().run())}
        onImage={(src, alt) => chain().setImage({ src, alt }).run()}
        onEmbed={(kind, id) => chain().insertContent({ type: 'embed', attrs: { kind, id } }).run()}
      />
    </div>
  );
}

function InsertDialog({
  kind,
  onClose,
  onLink,
  onImage,
  onEmbed,
}: {
  kind: null | 'image' | 'link' | 'embed';
  onClose: () => void;
  onLink: (href: string) => void;
  onImage: (src: string, alt: string) => void;
  onEmbed: (kind: string, id: string) => void;
}) {
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [embedKind, setEmbedKind] = useState('tour');
  const [error, setError] = useState('');
  const close = () => {
    setA('');
    setB('');
    setError('');
    onClose();
  };
  const submit = () => {
    if (kind === 'link') {
      if (a && !/^(https?:\/\/|mailto:|\/)/i.test(a.trim())) return setError('A link starts with https://, mailto: or /.');
      onLink(a.trim());
    } else if (kind === 'image') {
      if (!/^(\/media\/|https:\/\/)/.test(a.trim())) return setError('Use an image from the media library (/media/…) or an https address.');
      if (!b.trim()) return setError('Describe the image for people who cannot see it: alt text is required.');
      onImage(a.trim(), b.trim());
    } else if (kind === 'embed') {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(b.trim())) return setError('Paste the id of the item.');
      onEmbed(embedKind, b.trim());
    }
    close();
  };
  const title = kind === 'link' ? 'Link' : kind === 'image' ? 'Insert an image' : 'Embed a Sojourn item';
  return (
    <Dialog open={kind !== null} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {kind === 'image' ? 'Alt text is read aloud to people using screen readers.' : kind === 'embed' ? 'Readers see a card with the item’s name and photo.' : 'Leave empty to remove the link.'}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {kind === 'embed' ? (
            <div className="grid gap-1.5">
              <Label htmlFor="embed-kind">Kind</Label>
              <select id="embed-kind" value={embedKind} onChange={(e) => setEmbedKind(e.target.value)} className="h-10 rounded-md border bg-background px-3 text-sm">
                <option value="tour">Tour</option>
                <option value="product">Product</option>
                <option value="practitioner">Practitioner</option>
              </select>
            </div>
          ) : (
            <div className="grid gap-1.5">
              <Label htmlFor="insert-url">{kind === 'image' ? 'Image address' : 'Address'}</Label>
              <Input id="insert-url" value={a} onChange={(e) => setA(e.target.value)} placeholder={kind === 'image' ? '/media/…' : 'https://'} />
            </div>
          )}
          {kind !== 'link' && (
            <div className="grid gap-1.5">
              <Label htmlFor="insert-b">{kind === 'image' ? 'Alt text (required)' : 'Item id'}</Label>
              <Input id="insert-b" value={b} onChange={(e) => setB(e.target.value)} />
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">{kind === 'link' ? 'Apply' : 'Insert'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
