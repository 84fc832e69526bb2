import { errorMessage, isApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { matchmakingApi, matchmakingKeys, type MatchImportance, type MatchQuestion } from '../api';
import { ChoiceGroup, JourneyProgress } from '../fields';
import { IMPORTANCE, PREFERENCES_PATH, QUESTION_COUNT, afterQuestion, beforeQuestion, questionIndex } from '../steps';

function QuestionForm({ q, index }: { q: MatchQuestion; index: number }) {
  const [answer, setAnswer] = useState(q.answer?.answer ?? '');
  const [accepted, setAccepted] = useState<string[]>(q.answer?.accepted ?? []);
  const [importance, setImportance] = useState<MatchImportance | ''>(q.answer?.importance ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const qc = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: () => matchmakingApi.answer(q.id, { answer, accepted, importance: importance as MatchImportance }),
    onSuccess: (saved) => {
      qc.setQueryData<MatchQuestion[]>(matchmakingKeys.questions, (old) => old?.map((x) => (x.id === saved.id ? saved : x)));
      void qc.invalidateQueries({ queryKey: matchmakingKeys.me });
      void qc.invalidateQueries({ queryKey: matchmakingKeys.candidates });
      navigate(afterQuestion(index));
    },
    onError: (e) => {
      if (isApiError(e) && e.hasFieldErrors) setErrors(e.fields);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const p: Record<string, string> = {};
    if (!answer) p.answer = 'Choose your answer.';
    if (!accepted.length) p.accepted = 'Choose at least one answer you accept.';
    if (!importance) p.importance = 'Choose how much it matters.';
    setErrors(p);
    if (!Object.keys(p).length) save.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-6" noValidate aria-labelledby="question-title">
      <JourneyProgress label="Question" index={index} total={QUESTION_COUNT} />
      <h1 id="question-title" className="text-2xl font-semibold tracking-tight">
        {q.text}
      </h1>
      <Card>
        <CardContent className="grid gap-8 pt-6">
          <ChoiceGroup legend="My answer" name="answer" options={q.options} value={answer} onChange={(x) => setAnswer(x as string)} error={errors.answer} />
          <ChoiceGroup
            legend="Answers I accept from a match"
            name="accepted"
            multiple
            options={q.options}
            value={accepted}
            onChange={(x) => setAccepted(x as string[])}
            hint="Tick every answer you would be happy with."
            error={errors.accepted}
          />
          <ChoiceGroup
            legend="How much it matters to me"
            name="importance"
            options={IMPORTANCE}
            value={importance}
            onChange={(x) => setImportance(x as MatchImportance)}
            hint="Mandatory makes it a dealbreaker: people whose answer you do not accept are never suggested."
            error={errors.importance}
          />
        </CardContent>
      </Card>
      {save.isError && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="ghost">
          <Link to={beforeQuestion(index)}>
            <ChevronLeft aria-hidden /> Back
          </Link>
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={PREFERENCES_PATH}>Save later</Link>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {index === QUESTION_COUNT - 1 ? 'Save and finish' : 'Save and continue'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** /user-preferences/preference-one … /preference-eight: one weighted question. */
export default function PreferenceQuestionPage() {
  const { pathname } = useLocation();
  const index = questionIndex(pathname.split('/').pop() ?? '');
  const qs = useQuery({ queryKey: matchmakingKeys.questions, queryFn: matchmakingApi.questions });
  if (index < 0) return <Navigate to={PREFERENCES_PATH} replace />;
  const q = qs.data?.[index];
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      {qs.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : qs.isError ? (
        <ErrorState title="We could not load the questions" error={qs.error} onRetry={() => void qs.refetch()} />
      ) : !q ? (
        <Navigate to={PREFERENCES_PATH} replace />
      ) : (
        <QuestionForm key={q.id} q={q} index={index} />
      )}
    </div>
  );
}
