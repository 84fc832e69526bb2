export { RealtimeClient, backoffDelay, type Frame, type RealtimeOptions, type RealtimeStatus, type SocketLike } from './client';
export { RealtimeProvider, sendFrame, useOnResume, useRealtimeEvent, useRealtimeStatus, type RealtimeProviderProps } from './provider';
