import { Badge } from '@sojourn/ui';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { licensed, type PracticeProfile } from '../api';
import type { PracticeContext } from '../context';

type Missing = PracticeProfile['missing'][number];

/** Each thing a profile can miss: what to do about it and where. */
export function checklistItems(ctx: PracticeContext): { key: Missing; label: string; to: string }[] {
  const p = ctx.paths;
  const items: { key: Missing; label: string; to: string }[] = [
    { key: 'headline', label: 'Write a headline clients read first', to: `${p.editProfile}#headline` },
    { key: 'bio', label: 'Tell clients about your approach in a bio', to: `${p.editProfile}#bio` },
    { key: 'photo', label: 'Add a photo of you', to: p.media },
    { key: 'specialties', label: 'List your specialties', to: `${p.editProfile}#specialties` },
    { key: 'languages', label: 'Say which languages you work in', to: `${p.editProfile}#languages` },
    { key: 'location', label: 'Add your city and country', to: `${p.editProfile}#city` },
    { key: 'time_zone', label: 'Choose your time zone', to: `${p.editProfile}#time_zone` },
    { key: 'formats', label: 'Choose how you meet clients (video, in person, phone)', to: `${p.editProfile}#formats` },
    { key: 'offering', label: 'Create your first offering', to: p.offerings },
    { key: 'weekly_hours', label: 'Set your weekly hours', to: p.schedule },
  ];
  if (licensed(ctx.kind)) items.push({ key: 'verified_licence', label: 'Add your licence for verification', to: `${p.editProfile}#licence_number` });
  return items;
}

/** "What to do next": the profile's open items first, as links; done items ticked. */
export function Checklist({ profile, ctx, limit }: { profile: PracticeProfile; ctx: PracticeContext; limit?: number }) {
  const missing = new Set(profile.missing);
  const items = checklistItems(ctx);
  const open = items.filter((i) => missing.has(i.key));
  const done = items.filter((i) => !missing.has(i.key));
  const pending = profile.credentials.verification === 'pending';
  const shown = [...open, ...done].slice(0, limit ?? items.length);
  return (
    <ul className="grid gap-2">
      {shown.map((i) => {
        const isOpen = missing.has(i.key);
        const waiting = i.key === 'verified_licence' && isOpen && pending;
        return (
          <li key={i.key} className="flex items-start gap-2 text-sm">
            {isOpen ? <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden /> : <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />}
            {isOpen && !waiting ? (
              <Link to={i.to} className="font-medium text-primary underline-offset-4 hover:underline">
                {i.label}
              </Link>
            ) : (
              <span className={isOpen ? '' : 'text-muted-foreground line-through decoration-muted-foreground/50'}>
                {waiting ? 'Licence sent: waiting for an admin to verify it' : i.label}
                <span className="sr-only">{isOpen ? (waiting ? '' : ' (to do)') : ' (done)'}</span>
              </span>
            )}
            {waiting && <Badge variant="warning">Pending</Badge>}
          </li>
        );
      })}
    </ul>
  );
}
