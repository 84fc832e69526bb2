import { zodResolver } from '@hookform/resolvers/zod';
import {
  applyServerErrors,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Form,
  FormAlert,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@sojourn/ui';
import { countryOptions } from '@sojourn/util';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADDRESS_FIELDS, addressBody, addressDefaults, addressSchema, type AddressValues } from '../address-schema';
import { orderKeys, shopperApi, type Address } from '../api';

type TextField = Exclude<(typeof ADDRESS_FIELDS)[number], 'country' | 'is_default'>;
const TEXT_FIELDS: { name: TextField; label: string; auto: string; wide?: boolean }[] = [
  { name: 'recipient_name', label: 'Recipient', auto: 'name' },
  { name: 'phone', label: 'Phone', auto: 'tel' },
  { name: 'line1', label: 'Street address', auto: 'address-line1', wide: true },
  { name: 'line2', label: 'Flat, floor, landmark (optional)', auto: 'address-line2', wide: true },
  { name: 'city', label: 'City', auto: 'address-level2' },
  { name: 'state', label: 'State (optional)', auto: 'address-level1' },
  { name: 'postal_code', label: 'Postal code (optional)', auto: 'postal-code' },
  { name: 'label', label: 'Label, e.g. Home (optional)', auto: 'off' },
];

/** Add or edit an address of the book; answers the saved address. */
export function AddressDialog({
  address,
  open,
  onOpenChange,
  onSaved,
  fallbackName,
}: {
  address: Address | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSaved: (a: Address) => void;
  fallbackName?: string;
}) {
  const qc = useQueryClient();
  const countries = useMemo(() => countryOptions(), []);
  const form = useForm<AddressValues>({ resolver: zodResolver(addressSchema), values: addressDefaults(address, fallbackName) });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    try {
      const body = addressBody(v);
      const saved = address ? await shopperApi.saveAddress(address.id, body) : await shopperApi.addAddress(body);
      await qc.invalidateQueries({ queryKey: orderKeys.addresses });
      onSaved(saved);
      onOpenChange(false);
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, ADDRESS_FIELDS));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setProblem(null);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{address ? 'Edit the address' : 'Add an address'}</DialogTitle>
          <DialogDescription>Where the sellers send your packages. The courier calls this number if they cannot find you.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
            <FormAlert>{problem}</FormAlert>
            <div className="grid gap-3 sm:grid-cols-2">
              {TEXT_FIELDS.map((f) => (
                <FormField
                  key={f.name}
                  control={form.control}
                  name={f.name}
                  render={({ field }) => (
                    <FormItem className={f.wide ? 'sm:col-span-2' : undefined}>
                      <FormLabel>{f.label}</FormLabel>
                      <FormControl>
                        <Input autoComplete={f.auto} {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              ))}
              <FormField
                control={form.control}
                name="country"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Country</FormLabel>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <FormControl>
                        <SelectTrigger>
                          <SelectValue />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {countries.map((c) => (
                          <SelectItem key={c.code} value={c.code}>
                            {c.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="is_default"
                render={({ field }) => (
                  <FormItem className="flex items-center gap-2 self-end pb-2">
                    <FormControl>
                      <Checkbox checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} />
                    </FormControl>
                    <FormLabel className="!mt-0">Use as my default address</FormLabel>
                  </FormItem>
                )}
              />
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Save the address
              </Button>
            </div>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
