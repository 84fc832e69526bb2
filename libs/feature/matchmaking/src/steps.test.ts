import { describe, expect, it } from 'vitest';
import type { MatchMe } from './api';
import { stepBody, stepProblems } from './pages/step';
import {
  ONBOARD_PATH,
  PREFERENCES_PATH,
  STEPS,
  afterQuestion,
  afterStep,
  beforeQuestion,
  beforeStep,
  describeStep,
  gate,
  progress,
  questionIndex,
  questionPath,
  resumePath,
  stepBySlug,
  stepPath,
} from './steps';

const steps = (answered: string[]): MatchMe['steps'] => STEPS.map((s) => ({ step: s.step, answered: answered.includes(s.step), answer: null }));

describe('the journey addresses', () => {
  it('follow the contract order, one to eleven', () => {
    expect(STEPS.map((s) => s.step)).toEqual(['intent', 'age', 'distance', 'genders', 'languages', 'lifestyle', 'faith', 'children', 'travel', 'interests', 'dealbreakers']);
    expect(stepPath('intent')).toBe('/user-preferences/one');
    expect(stepPath('dealbreakers')).toBe('/user-preferences/eleven');
    expect(stepBySlug('three')?.step).toBe('distance');
    expect(stepBySlug('twelve')).toBeUndefined();
  });

  it('go from the last step into the questions and from the last question to the overview', () => {
    expect(afterStep('intent')).toBe('/user-preferences/two');
    expect(afterStep('dealbreakers')).toBe('/user-preferences/preference-one');
    expect(beforeStep('intent')).toBe(ONBOARD_PATH);
    expect(beforeStep('age')).toBe('/user-preferences/one');
    expect(questionPath(7)).toBe('/user-preferences/preference-eight');
    expect(afterQuestion(0)).toBe('/user-preferences/preference-two');
    expect(afterQuestion(7)).toBe(PREFERENCES_PATH);
    expect(beforeQuestion(0)).toBe('/user-preferences/eleven');
    expect(questionIndex('preference-eight')).toBe(7);
    expect(questionIndex('preference-nine')).toBe(-1);
    expect(questionIndex('one')).toBe(-1);
  });
});

describe('progress and resuming', () => {
  it('counts steps and questions and names what is missing', () => {
    const p = progress({ steps: steps(['intent', 'age']), questions_answered: 3 });
    expect(p.total).toBe(19);
    expect(p.done).toBe(5);
    expect(p.missingSteps[0]?.step).toBe('distance');
    expect(p.missingQuestions).toEqual([3, 4, 5, 6, 7]);
    expect(p.percent).toBe(26);
  });

  it('uses the loaded questions when there are gaps', () => {
    const qs = [{ answer: null }, { answer: { answer: 'a', accepted: ['a'], importance: 'very' as const } }];
    expect(progress({ steps: steps(STEPS.map((s) => s.step)), questions_answered: 1 }, qs).missingQuestions).toEqual([0]);
    expect(resumePath({ next_step: null, questions_answered: 1 }, qs)).toBe('/user-preferences/preference-one');
  });

  it('resumes at the API next step first, then the questions, then nowhere', () => {
    expect(resumePath({ next_step: 'faith', questions_answered: 0 })).toBe('/user-preferences/seven');
    expect(resumePath({ next_step: null, questions_answered: 2 })).toBe('/user-preferences/preference-three');
    expect(resumePath({ next_step: null, questions_answered: 8 })).toBeNull();
  });

  it('gates the matchmaking page in order: removed, opted out, paused, incomplete', () => {
    const base = { opted_in: true, paused: false, removed: false, next_step: null };
    expect(gate(base)).toBe('ready');
    expect(gate({ ...base, next_step: 'age' })).toBe('incomplete');
    expect(gate({ ...base, paused: true, next_step: 'age' })).toBe('paused');
    expect(gate({ ...base, opted_in: false, paused: true })).toBe('not-opted-in');
    expect(gate({ ...base, removed: true, opted_in: false })).toBe('removed');
  });
});

describe('a step answer', () => {
  it('sends only its own fields', () => {
    expect(stepBody('age', { age_min: 30, age_max: 40, intent: 'dating', genders: ['woman'] })).toEqual({ age_min: 30, age_max: 40 });
    expect(stepBody('faith', { faith: 'none' })).toEqual({ faith: 'none', same_faith: false });
    expect(stepBody('dealbreakers', {})).toEqual({ dealbreakers: [] });
  });

  it('is checked before sending', () => {
    expect(stepProblems('intent', {})).toEqual({ intent: 'Choose one.' });
    expect(stepProblems('genders', { genders: [] })).toEqual({ genders: 'Choose at least one.' });
    expect(stepProblems('age', { age_min: 40, age_max: 30 })).toEqual({ age_max: 'At least the youngest age.' });
    expect(stepProblems('age', { age_min: 17, age_max: 30 })).toEqual({ age_min: 'Between 18 and 99.' });
    expect(stepProblems('lifestyle', { smoking: 'never', drinking: 'never', diet: 'vegan' })).toEqual({ activity: 'Choose one.' });
    expect(stepProblems('languages', { languages: [] })).toEqual({});
  });

  it('reads in plain language', () => {
    expect(describeStep('distance', { max_distance_km: 20000 })).toBe('Anywhere');
    expect(describeStep('genders', { genders: ['woman', 'non_binary'] })).toBe('Women, Non-binary people');
    expect(describeStep('dealbreakers', { dealbreakers: [] })).toBe('Only age, gender and distance');
    expect(describeStep('age', null)).toBe('Not answered yet');
  });
});
