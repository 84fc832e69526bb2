import { cn } from '@sojourn/util';
import { Slot } from 'radix-ui';
import * as React from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { Label } from './label';

/** react-hook-form provider; pair with a zod resolver. */
export const Form = FormProvider;

interface FieldCtx {
  name: string;
}
const FormFieldContext = React.createContext<FieldCtx | null>(null);
const FormItemContext = React.createContext<{ id: string } | null>(null);

export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: ControllerProps<TValues, TName>,
) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

export function useFormField() {
  const field = React.useContext(FormFieldContext);
  const item = React.useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name ?? '' });
  if (!field || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>.');
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    id: item.id,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    messageId: `${item.id}-message`,
    ...state,
  };
}

export function FormItem({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  const id = React.useId();
  return (
    <FormItemContext.Provider value={{ id }}>
      <div className={cn('grid content-start gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: React.ComponentPropsWithoutRef<typeof Label>) {
  const { error, controlId } = useFormField();
  return <Label className={cn(error && 'text-destructive', className)} htmlFor={controlId} {...props} />;
}

export function FormControl(props: React.ComponentPropsWithoutRef<typeof Slot.Root>) {
  const { error, controlId, descriptionId, messageId } = useFormField();
  return (
    <Slot.Root
      id={controlId}
      aria-describedby={error ? `${descriptionId} ${messageId}` : descriptionId}
      aria-invalid={Boolean(error)}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  const { descriptionId } = useFormField();
  return <p id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The field's error, shown beside the field. */
export function FormMessage({ className, children, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  const { error, messageId } = useFormField();
  const body = error ? String(error.message ?? '') : children;
  if (!body) return null;
  return (
    <p id={messageId} className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {body}
    </p>
  );
}

/** A form-level message (e.g. a server error not tied to one field). */
export function FormAlert({ children, tone = 'error' }: { children: React.ReactNode; tone?: 'error' | 'success' | 'info' }) {
  if (!children) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'error' && 'border-destructive/40 bg-destructive/10 text-destructive',
        tone === 'success' && 'border-success/40 bg-success/10 text-success',
        tone === 'info' && 'border-info/40 bg-info/10 text-info',
      )}
    >
      {children}
    </div>
  );
}

/**
 * What a failed request tells a form: a message, and messages per field keyed by the API's field names. The API
 * client's ApiError has this shape; the design system never imports the client, so it reads the error by its shape.
 */
export interface FieldErrorsLike {
  message: string;
  fields: Readonly<Record<string, string>>;
}

function hasFieldErrors(e: unknown): e is FieldErrorsLike {
  if (!(e instanceof Error) || !('fields' in e)) return false;
  const { fields } = e as { fields: unknown };
  return typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string');
}

/**
 * Show a failed request on a form: each field error goes beside its field (names may be remapped, e.g.
 * `new_password` -> `password`); whatever is left becomes the form-level message, which is returned (null when every
 * error found its field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): string | null {
  if (!hasFieldErrors(error)) return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  const entries = Object.entries(error.fields);
  let unplaced = false;
  for (const [key, message] of entries) {
    const name = rename[key] ?? key;
    if (fields.includes(name)) setError(name as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  if (entries.length > 0 && !unplaced) return null;
  return error.message;
}
