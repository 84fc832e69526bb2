import { zodResolver } from '@hookform/resolvers/zod';
import { contactApi, contactSchema, type ContactValues } from '@sojourn/feature-account';
import { useAuthStore } from '@sojourn/session';
import {
  applyServerErrors,
  Button,
  Card,
  CardContent,
  Form,
  FormAlert,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Textarea,
} from '@sojourn/ui';
import { Clock, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Hero, Section } from './section';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

export default function ContactPage() {
  const user = useAuthStore((s) => s.user);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: user?.profile?.display_name || user?.username || '', email: user?.email ?? '', subject: '', message: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await contactApi.send(values);
      toast.success('Thank you. Your message is on its way, and we will reply by email.');
      form.reset({ ...values, subject: '', message: '' });
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, FIELDS));
    }
  });

  return (
    <>
      <Hero eyebrow="Contact" title="Talk to a person">
        Questions about a booking, a provider or your account? Write to us and someone from the Sojourn team will answer.
      </Hero>
      <Section className="grid gap-8 md:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate className="grid gap-4">
                <FormAlert>{formError}</FormAlert>
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField
                    control={form.control}
                    name="name"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Your name</FormLabel>
                        <FormControl>
                          <Input autoComplete="name" {...field} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  <FormField
                    control={form.control}
                    name="email"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Email</FormLabel>
                        <FormControl>
                          <Input type="email" autoComplete="email" {...field} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </div>
                <FormField
                  control={form.control}
                  name="subject"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Subject</FormLabel>
                      <FormControl>
                        <Input {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="message"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Message</FormLabel>
                      <FormControl>
                        <Textarea rows={7} {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <div>
                  <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
                    Send message
                  </Button>
                </div>
              </form>
            </Form>
          </CardContent>
        </Card>
        <aside className="grid content-start gap-5 text-sm">
          <div className="flex gap-3">
            <Clock className="size-5 shrink-0 text-primary" aria-hidden />
            <p>
              <strong className="block">When we answer</strong>
              <span className="text-muted-foreground">Within one working day, usually much sooner.</span>
            </p>
          </div>
          <div className="flex gap-3">
            <Mail className="size-5 shrink-0 text-primary" aria-hidden />
            <p>
              <strong className="block">About a booking?</strong>
              <span className="text-muted-foreground">Include the booking reference in the subject so we can find it quickly.</span>
            </p>
          </div>
        </aside>
      </Section>
    </>
  );
}
