import { cn } from '@sojourn/util';
import { ImageUp, X } from 'lucide-react';
import * as React from 'react';
import { Button } from './button';

export interface FileUploadProps {
  id?: string;
  label: string;
  accept: string[];
  maxBytes: number;
  /** Current image (e.g. the saved avatar) shown until a new file is picked. */
  currentUrl?: string | null;
  onFileChange: (file: File | null) => void;
  error?: string | null;
  className?: string;
  round?: boolean;
}

export function describeBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} kB`;
}

/** Validate a picked file against allowed types and size; returns an error message or null. */
export function validateFile(file: File, accept: string[], maxBytes: number): string | null {
  if (!accept.includes(file.type)) {
    const names = accept.map((t) => t.split('/')[1]?.toUpperCase()).join(', ');
    return `Choose a ${names} image.`;
  }
  if (file.size > maxBytes) return `That file is ${describeBytes(file.size)}; the limit is ${describeBytes(maxBytes)}.`;
  return null;
}

/** Pick an image by click or drop, validate it, and preview it before upload. */
export function FileUpload({ id, label, accept, maxBytes, currentUrl, onFileChange, error, className, round }: FileUploadProps) {
  const autoId = React.useId();
  const inputId = id ?? autoId;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [preview, setPreview] = React.useState<string | null>(null);
  const [localError, setLocalError] = React.useState<string | null>(null);
  const [dragging, setDragging] = React.useState(false);

  React.useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = validateFile(file, accept, maxBytes);
    setLocalError(problem);
    if (problem) {
      onFileChange(null);
      return;
    }
    setPreview(URL.createObjectURL(file));
    onFileChange(file);
  };
  const clear = () => {
    setPreview(null);
    setLocalError(null);
    onFileChange(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  const shown = preview ?? currentUrl ?? null;
  const message = localError ?? error;

  return (
    <div className={cn('grid gap-2', className)}>
      <div
        className={cn(
          'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed p-4 sm:flex-row',
          dragging ? 'border-primary bg-accent' : 'border-border',
        )}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          pick(e.dataTransfer.files[0]);
        }}
      >
        <div className={cn('flex size-24 shrink-0 items-center justify-center overflow-hidden bg-muted', round ? 'rounded-full' : 'rounded-lg')}>
          {shown ? (
            <img src={shown} alt={preview ? 'Preview of the chosen image' : 'Current image'} className="size-full object-cover" />
          ) : (
            <ImageUp className="size-8 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="grid flex-1 gap-2 text-center sm:text-left">
          <label htmlFor={inputId} className="text-sm font-medium">
            {label}
          </label>
          <p className="text-xs text-muted-foreground">
            {accept.map((t) => t.split('/')[1]?.toUpperCase()).join(', ')} up to {describeBytes(maxBytes)}. Drag a file here or choose one.
          </p>
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
              Choose image
            </Button>
            {preview && (
              <Button variant="ghost" size="sm" onClick={clear}>
                <X aria-hidden /> Remove
              </Button>
            )}
          </div>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={accept.join(',')}
            className="sr-only"
            aria-invalid={Boolean(message)}
            aria-describedby={message ? `${inputId}-error` : undefined}
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </div>
      </div>
      {message && (
        <p id={`${inputId}-error`} className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}
