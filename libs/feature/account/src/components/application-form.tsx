import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerErrors, Button, Form, FormAlert, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, Input, TagInput, Textarea } from '@sojourn/ui';
import { isApplicableRole, type Role } from '@sojourn/util';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountKeys, roleApplicationsApi } from '../api';
import { applicationFields, applicationSchema, emptyApplication, toDetails } from '../application-fields';

type Values = Record<string, string | string[]>;

export function ApplicationForm({ role, onSubmitted }: { role: Role; onSubmitted: () => void }) {
  const queryClient = useQueryClient();
  const fields = applicationFields(role);
  const schema = useMemo(() => applicationSchema(role), [role]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: emptyApplication(role) });
  const submit = useMutation({
    mutationFn: (values: Values) => {
      if (!isApplicableRole(role)) throw new Error(`The ${role} role is not applied for.`);
      return roleApplicationsApi.create(role, toDetails(role, values));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.applications });
      onSubmitted();
    },
    onError: (e) => {
      const names = fields.map((f) => f.name);
      const rename = Object.fromEntries(names.map((n) => [`details.${n}`, n]));
      setFormError(applyServerErrors(e, form.setError, names, rename));
    },
  });

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit((v) => {
          setFormError(null);
          submit.mutate(v);
        })}
        noValidate
        className="grid gap-4"
      >
        <FormAlert>{formError}</FormAlert>
        {fields.map((f) => (
          <FormField
            key={f.name}
            control={form.control}
            name={f.name}
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  {f.label}
                  {!f.required && <span className="font-normal text-muted-foreground"> (optional)</span>}
                </FormLabel>
                <FormControl>
                  {f.kind === 'tags' ? (
                    <TagInput value={field.value as string[]} onChange={field.onChange} />
                  ) : f.kind === 'textarea' ? (
                    <Textarea rows={4} {...field} value={field.value as string} />
                  ) : (
                    <Input
                      type={f.kind === 'url' ? 'url' : 'text'}
                      inputMode={f.kind === 'number' ? 'numeric' : undefined}
                      {...field}
                      value={field.value as string}
                    />
                  )}
                </FormControl>
                {f.description && <FormDescription>{f.description}</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <Button type="submit" size="lg" loading={submit.isPending}>
          Submit application
        </Button>
      </form>
    </Form>
  );
}
