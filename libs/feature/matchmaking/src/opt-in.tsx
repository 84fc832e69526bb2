import { errorMessage, isApiError } from '@sojourn/api-client';
import { Button, FormAlert } from '@sojourn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { matchmakingApi, matchmakingKeys } from './api';
import { PROFILE_PATH, resumePath } from './steps';

/** "Opt in": on success the state is cached and the person goes on (`then`, or where the journey resumes);
 * a 422 (no date of birth, or under 18) shows the API's message with a link to the profile. */
export function OptInButton({ removed, then, label = 'Opt in' }: { removed: boolean; then?: string; label?: string }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const optIn = useMutation({
    mutationFn: matchmakingApi.optIn,
    onSuccess: (me) => {
      qc.setQueryData(matchmakingKeys.me, me);
      void qc.invalidateQueries({ queryKey: matchmakingKeys.all });
      const to = then ?? resumePath(me);
      if (to) navigate(to);
    },
  });
  if (removed) return <FormAlert>A moderator removed you from matchmaking, so you cannot opt in again.</FormAlert>;
  const err = optIn.error;
  const needsProfile = isApiError(err) && err.status === 422;
  // The 422's field messages say what the profile lacks (date of birth, 18 or older, gender).
  const message = isApiError(err) && needsProfile && err.hasFieldErrors ? Object.values(err.fields).join(' ') : errorMessage(err);
  return (
    <div className="grid gap-3">
      {optIn.isError && (
        <FormAlert>
          {message}
          {needsProfile && (
            <>
              {' '}
              <Link to={PROFILE_PATH} className="font-medium underline underline-offset-4">
                Complete your profile
              </Link>
              .
            </>
          )}
        </FormAlert>
      )}
      <div>
        <Button loading={optIn.isPending} onClick={() => optIn.mutate()}>
          {label}
        </Button>
      </div>
    </div>
  );
}
