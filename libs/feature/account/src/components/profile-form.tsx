import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@sojourn/api-client';
import {
  applyServerErrors,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DatePicker,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
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
  TagInput,
  Textarea,
} from '@sojourn/ui';
import { useAuthStore } from '@sojourn/session';
import { countryOptions } from '@sojourn/util';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'react-toastify';
import { profileSchema, type ProfileValues } from '../schemas';
import { accountKeys, profileApi } from '../api';

export const GENDERS = [
  { value: 'woman', label: 'Woman' },
  { value: 'man', label: 'Man' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
];

const COUNTRIES = countryOptions();

const FIELDS = Object.keys(profileSchema.shape) as (keyof ProfileValues)[];

function toValues(p: Profile, username: string): ProfileValues {
  return {
    username,
    display_name: p.display_name ?? '',
    bio: p.bio ?? '',
    phone: p.phone ?? '',
    date_of_birth: p.date_of_birth ?? null,
    gender: p.gender ?? '',
    city: p.city ?? '',
    country: p.country ?? '',
    languages: p.languages ?? [],
    interests: p.interests ?? [],
    business_name: p.business_name ?? '',
    licence_number: p.licence_number ?? '',
    specialties: p.specialties ?? [],
  };
}

export function ProfileForm({
  profile,
  username,
  showProfessional,
  focusField,
  onSaved,
}: {
  profile: Profile;
  username: string;
  showProfessional: boolean;
  focusField: string | null;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: toValues(profile, username) });

  useEffect(() => {
    if (focusField && FIELDS.includes(focusField as keyof ProfileValues)) {
      form.setFocus(focusField as FieldPath<ProfileValues>);
      document.getElementById(`field-${focusField}`)?.scrollIntoView({ block: 'center' });
    }
  }, [focusField, form]);

  const save = useMutation({
    mutationFn: (values: ProfileValues) => {
      const dirty = form.formState.dirtyFields;
      const patch: Record<string, unknown> = {};
      for (const key of FIELDS) if (dirty[key]) patch[key] = key === 'date_of_birth' ? (values.date_of_birth ?? '') : values[key];
      return profileApi.update(patch);
    },
    onSuccess: ({ data }, values) => {
      queryClient.setQueryData(accountKeys.profile, { ...data, username: values.username });
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
      void queryClient.invalidateQueries({ queryKey: accountKeys.completeness });
      const user = useAuthStore.getState().user;
      if (user) useAuthStore.getState().setUser({ ...user, username: values.username, profile: { ...user.profile, ...data } });
      form.reset(values);
      toast.success('Profile saved.');
      onSaved();
    },
    onError: (e) => setFormError(applyServerErrors(e, form.setError, FIELDS)),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    if (!form.formState.isDirty) {
      toast.info('Nothing has changed since you last saved.');
      return;
    }
    save.mutate(values);
  });

  const text = (name: FieldPath<ProfileValues>, label: string, opts: { description?: string; type?: string; autoComplete?: string } = {}) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem id={`field-${name}`}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type={opts.type ?? 'text'} autoComplete={opts.autoComplete} {...field} value={String(field.value ?? '')} />
          </FormControl>
          {opts.description && <FormDescription>{opts.description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
  const tags = (name: 'languages' | 'interests' | 'specialties', label: string, description: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem id={`field-${name}`}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <TagInput value={field.value} onChange={field.onChange} />
          </FormControl>
          <FormDescription>{description}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <FormAlert>{formError}</FormAlert>
        <Card>
          <CardHeader>
            <CardTitle as="h2">About you</CardTitle>
            <CardDescription>Your username and display name are public; the rest helps us tailor trips and sessions.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            {text('username', 'Username', { autoComplete: 'username', description: 'Letters, digits, _ and . only.' })}
            {text('display_name', 'Display name', { autoComplete: 'name' })}
            <div className="sm:col-span-2">
              <FormField
                control={form.control}
                name="bio"
                render={({ field }) => (
                  <FormItem id="field-bio">
                    <FormLabel>Bio</FormLabel>
                    <FormControl>
                      <Textarea rows={4} {...field} />
                    </FormControl>
                    <FormDescription>A few lines about you, what you love and how you like to travel.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', description: 'International format, e.g. +234 801 234 5678.' })}
            <FormField
              control={form.control}
              name="date_of_birth"
              render={({ field }) => (
                <FormItem id="field-date_of_birth">
                  <FormLabel>Date of birth</FormLabel>
                  <FormControl>
                    <DatePicker value={field.value} onChange={field.onChange} max={new Date()} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="gender"
              render={({ field }) => (
                <FormItem id="field-gender">
                  <FormLabel>Gender</FormLabel>
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger ref={field.ref}>
                        <SelectValue placeholder="Select" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {GENDERS.map((g) => (
                        <SelectItem key={g.value} value={g.value}>
                          {g.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            {text('city', 'City', { autoComplete: 'address-level2' })}
            <FormField
              control={form.control}
              name="country"
              render={({ field }) => (
                <FormItem id="field-country">
                  <FormLabel>Country</FormLabel>
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger ref={field.ref}>
                        <SelectValue placeholder="Select your country" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {COUNTRIES.map((c) => (
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
            {tags('languages', 'Languages', 'Press Enter after each language.')}
            {tags('interests', 'Interests', 'Hiking, yoga, street food… press Enter after each.')}
          </CardContent>
        </Card>
        {showProfessional && (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Professional details</CardTitle>
              <CardDescription>Shown to clients who book you. Licence numbers are checked by our team.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5 sm:grid-cols-2">
              {text('business_name', 'Business name', { autoComplete: 'organization' })}
              {text('licence_number', 'Licence number')}
              <div className="sm:col-span-2">{tags('specialties', 'Specialties', 'What you are known for; press Enter after each.')}</div>
            </CardContent>
          </Card>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
          <Button variant="outline" disabled={!form.formState.isDirty || save.isPending} onClick={() => form.reset()}>
            Discard changes
          </Button>
        </div>
      </form>
    </Form>
  );
}
