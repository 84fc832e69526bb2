import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@sojourn/ui';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { PasswordInput } from './password-input';

/**
 * The new password and its repetition, as the register, reset-password and change-password forms ask for them. The
 * form's schema checks them (passwordProblem, and that the two match); `label` names the first field ("Password" on
 * sign-up), the second is "Repeat …" of it.
 */
export function NewPasswordFields<T extends FieldValues & { password: string; confirm: string }>({
  control,
  label = 'New password',
}: {
  control: Control<T>;
  label?: string;
}) {
  return (
    <>
      <FormField
        control={control}
        name={'password' as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <FormControl>
              <PasswordInput autoComplete="new-password" {...field} />
            </FormControl>
            <FormDescription>At least 10 characters. Avoid common passwords and your email address.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={'confirm' as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>Repeat {label.toLowerCase()}</FormLabel>
            <FormControl>
              <PasswordInput autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
