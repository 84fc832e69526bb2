import { X } from 'lucide-react';
import * as React from 'react';
import { Badge } from './card';
import { Input } from './input';

export interface TagInputProps {
  id?: string;
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  max?: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A list of short values (languages, interests...): type and press Enter or comma to add. */
export function TagInput({ id, value, onChange, placeholder, max = 20, ...aria }: TagInputProps) {
  const [draft, setDraft] = React.useState('');
  const add = () => {
    const v = draft.trim().replace(/,$/, '');
    if (v && !value.some((x) => x.toLowerCase() === v.toLowerCase()) && value.length < max) onChange([...value, v]);
    setDraft('');
  };
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Added">
          {value.map((v) => (
            <li key={v}>
              <Badge variant="soft" className="gap-1 py-1 pl-2.5 pr-1">
                {v}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`Remove ${v}`}
                  onClick={() => onChange(value.filter((x) => x !== v))}
                >
                  <X className="size-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add();
          } else if (e.key === 'Backspace' && !draft && value.length) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={add}
        {...aria}
      />
    </div>
  );
}
