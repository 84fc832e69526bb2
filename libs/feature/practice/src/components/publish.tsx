import { errorMessage } from '@sojourn/api-client';
import { Button, FormAlert } from '@sojourn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { licensed, practiceApi, practiceKeys, type PracticeProfile } from '../api';
import type { PracticeContext } from '../context';

const NEEDS: Record<string, string> = {
  headline: 'a headline',
  bio: 'a bio',
  time_zone: 'your time zone',
  offering: 'a bookable offering',
  weekly_hours: 'weekly hours',
  verified_licence: 'a verified licence',
};

/** What publishing still needs, in words. */
export function missingInWords(keys: readonly string[]): string {
  return keys.map((k) => NEEDS[k] ?? k.replace(/_/g, ' ')).join(', ');
}

/** Why the profile is suspended, as the admin gave it. */
export function suspendedInWords(p: PracticeProfile): string {
  return p.suspension_reason
    ? `An admin suspended this profile: “${p.suspension_reason}” Clients cannot find or book you until it is reinstated; reply to the admins' email or contact support.`
    : 'An admin suspended this profile; clients cannot find or book you until it is reinstated. Contact support to find out why.';
}

/** Why publishing is not possible yet, in words (null when it is). */
export function publishBlocker(ctx: PracticeContext, p: PracticeProfile): string | null {
  if (p.status === 'suspended') return suspendedInWords(p);
  const waiting = licensed(ctx.kind) && p.credentials.verification === 'pending';
  const others = p.publish_missing.filter((m) => !(waiting && m === 'verified_licence'));
  if (others.length > 0) return `Still needed before you can publish: ${missingInWords(others)}.`;
  if (waiting) return 'Everything else is ready. Your licence is waiting for an admin to verify it; you can publish as soon as it is verified, usually within two working days.';
  if (licensed(ctx.kind) && p.credentials.verification === 'rejected')
    return `Your licence was not verified${p.credentials.verification_note ? `: “${p.credentials.verification_note}”` : '.'} Correct the number or add a clearer document, and it goes back for review.`;
  return null;
}

/** Publish or unpublish the profile, saying plainly what stands in the way. */
export function PublishControl({ ctx, profile }: { ctx: PracticeContext; profile: PracticeProfile }) {
  const qc = useQueryClient();
  const done = (p: PracticeProfile, msg: string) => {
    qc.setQueryData(practiceKeys.profile(ctx.kind), p);
    void qc.invalidateQueries({ queryKey: practiceKeys.publicProfile(p.id) });
    toast.success(msg);
  };
  const publish = useMutation({ mutationFn: () => practiceApi.publish(ctx.kind), onSuccess: (p) => done(p, 'Published. Clients can find and book you now.') });
  const unpublish = useMutation({ mutationFn: () => practiceApi.unpublish(ctx.kind), onSuccess: (p) => done(p, 'Unpublished. Booked sessions still go ahead.') });
  const blocker = publishBlocker(ctx, profile);
  if (profile.status === 'published') {
    return (
      <div className="grid gap-2">
        <p className="text-sm">{profile.listed ? 'Your profile is in the directory.' : 'Published, but hidden from the directory until the missing items are back.'}</p>
        {unpublish.error && <FormAlert>{errorMessage(unpublish.error)}</FormAlert>}
        <div>
          <Button variant="outline" loading={unpublish.isPending} onClick={() => unpublish.mutate()}>
            Unpublish
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      {blocker && <FormAlert tone="info">{blocker}</FormAlert>}
      {publish.error && <FormAlert>{errorMessage(publish.error)}</FormAlert>}
      <div>
        <Button disabled={Boolean(blocker)} loading={publish.isPending} onClick={() => publish.mutate()}>
          Publish my profile
        </Button>
      </div>
    </div>
  );
}
