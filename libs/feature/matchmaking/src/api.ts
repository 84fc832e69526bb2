import { typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type MatchMe = S['MatchMe'];
export type MatchStepName = S['MatchStepName'];
export type MatchPreferences = S['MatchPreferences'];
export type MatchQuestion = S['MatchQuestion'];
export type MatchAnswerInput = S['MatchAnswerInput'];
export type MatchImportance = S['MatchImportance'];
export type MatchCandidate = S['MatchCandidate'];
export type MatchPerson = S['MatchPerson'];
export type Match = S['Match'];
export type MatchDecision = S['MatchDecision'];
export type MatchWeights = S['MatchWeights'];
export type MatchReport = S['MatchReport'];
export type MatchHidden = S['MatchHidden'];
export type MatchReportReason = S['MatchReportReason'];
export type ReportStatus = 'open' | 'dismissed' | 'removed' | 'all';

const api = () => typedClient(true);

/** The matchmaking calls (api/contract/matchmaking.yaml). */
export const matchmakingApi = {
  me: () => unwrap(api().GET('/api/v1/matchmaking/me')).then((r) => r.data),
  optIn: () => unwrap(api().POST('/api/v1/matchmaking/opt-in')).then((r) => r.data),
  optOut: () => unwrap(api().POST('/api/v1/matchmaking/opt-out')).then((r) => r.data),
  pause: (paused: boolean) => unwrap(api().PUT('/api/v1/matchmaking/pause', { body: { paused } })).then((r) => r.data),
  saveStep: (step: MatchStepName, body: MatchPreferences) =>
    unwrap(api().PUT('/api/v1/matchmaking/preferences/{step}', { params: { path: { step } }, body })).then((r) => r.data),
  questions: () => unwrap(api().GET('/api/v1/matchmaking/questions')).then((r) => r.data),
  answer: (id: string, body: MatchAnswerInput) =>
    unwrap(api().PUT('/api/v1/matchmaking/questions/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  candidates: (cursor?: string) => unwrap(api().GET('/api/v1/matchmaking/candidates', { params: { query: { cursor, limit: 12 } } })),
  like: (userId: string) => unwrap(api().POST('/api/v1/matchmaking/likes', { body: { user_id: userId } })).then((r) => r.data),
  pass: (userId: string) => unwrap(api().POST('/api/v1/matchmaking/passes', { body: { user_id: userId } })).then((r) => r.data),
  matches: (cursor?: string) => unwrap(api().GET('/api/v1/matchmaking/matches', { params: { query: { cursor, limit: 20 } } })),
  unmatch: (id: string) => unwrap(api().DELETE('/api/v1/matchmaking/matches/{id}', { params: { path: { id } } })),
  weights: () => unwrap(api().GET('/api/v1/matchmaking/weights')).then((r) => r.data),
  resetWeights: () => unwrap(api().DELETE('/api/v1/matchmaking/weights')).then((r) => r.data),
  hidden: (cursor?: string) => unwrap(api().GET('/api/v1/matchmaking/hidden', { params: { query: { cursor, limit: 20 } } })),
  hide: (userId: string) => unwrap(api().POST('/api/v1/matchmaking/hidden', { body: { user_id: userId } })),
  unhide: (userId: string) => unwrap(api().DELETE('/api/v1/matchmaking/hidden/{user_id}', { params: { path: { user_id: userId } } })),
  report: (userId: string, reason: MatchReportReason, details: string) =>
    unwrap(api().POST('/api/v1/matchmaking/reports', { body: { user_id: userId, reason, ...(details ? { details } : {}) } })).then((r) => r.data),
  /** Blocking is social's (api/contract/social.yaml); matchmaking honours it. */
  block: (userId: string) => unwrap(api().POST('/api/v1/social/blocks', { body: { user_id: userId } })).then((r) => r.data),
  reports: (status: ReportStatus, cursor?: string) =>
    unwrap(api().GET('/api/v1/admin/matchmaking/reports', { params: { query: { status, cursor, limit: 20 } } })),
  resolve: (id: string, action: 'dismiss' | 'remove', note: string) =>
    unwrap(api().POST('/api/v1/admin/matchmaking/reports/{id}/resolve', { params: { path: { id } }, body: { action, ...(note ? { note } : {}) } })).then(
      (r) => r.data,
    ),
};

export const matchmakingKeys = {
  all: ['matchmaking'] as const,
  me: ['matchmaking', 'me'] as const,
  questions: ['matchmaking', 'questions'] as const,
  candidates: ['matchmaking', 'candidates'] as const,
  matches: ['matchmaking', 'matches'] as const,
  weights: ['matchmaking', 'weights'] as const,
  hidden: ['matchmaking', 'hidden'] as const,
  reports: (status: ReportStatus) => ['matchmaking', 'reports', status] as const,
};
