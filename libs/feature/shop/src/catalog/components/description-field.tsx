import { Button, Label, Textarea } from '@sojourn/ui';
import { Bold, Italic, List } from 'lucide-react';
import { useRef } from 'react';
import { applyMark } from '../richtext';

/** The description: a textarea with bold, italic and list marks (richtext.ts turns them into the HTML the API keeps). */
export function DescriptionField({ id, value, onChange, error }: { id: string; value: string; onChange: (v: string) => void; error?: string | undefined }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const mark = (m: 'bold' | 'italic' | 'list') => {
    const el = ref.current;
    if (!el) return;
    const next = applyMark(value, el.selectionStart, el.selectionEnd, m);
    onChange(next.text);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Description</Label>
      <div className="flex gap-1" role="toolbar" aria-label="Formatting" aria-controls={id}>
        <Button variant="outline" size="sm" aria-label="Bold" onClick={() => mark('bold')}>
          <Bold aria-hidden />
        </Button>
        <Button variant="outline" size="sm" aria-label="Italic" onClick={() => mark('italic')}>
          <Italic aria-hidden />
        </Button>
        <Button variant="outline" size="sm" aria-label="Bulleted list" onClick={() => mark('list')}>
          <List aria-hidden />
        </Button>
      </div>
      <Textarea ref={ref} id={id} rows={8} maxLength={15000} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`} aria-invalid={Boolean(error) || undefined} />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        A blank line starts a paragraph; **bold**, *italic*, and lines starting with “- ” make a list.
      </p>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}
