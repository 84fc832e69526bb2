import { useOnResume, useRealtimeEvent } from '@sojourn/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { asRoom, peerInCall, selfInCall, videoApi, videoKeys, VIDEO_LOBBY, VIDEO_SIGNAL, type VideoRoom } from '../api';
import { openLocalMedia, stopStream, type LocalMedia } from '../engine/media';
import { asSignal, PeerEngine } from '../engine/p2p';
import type { CallEngine } from '../engine/types';

export type Phase = 'preview' | 'joining' | 'lobby' | 'call' | 'left';

/** Everything the call page does: the room (kept fresh by video.lobby), the camera and microphone, the engine. */
export function useCall(roomId: string) {
  const qc = useQueryClient();
  const room = useQuery({ queryKey: videoKeys.room(roomId), queryFn: () => videoApi.room(roomId), retry: false });
  const [media, setMedia] = useState<LocalMedia | null>(null);
  const [mediaLoading, setMediaLoading] = useState(true);
  const [joined, setJoined] = useState(false);
  const [left, setLeft] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [engine, setEngine] = useState<CallEngine | null>(null);
  const [mic, setMic] = useState(true);
  const [cam, setCam] = useState(true);
  const [sharing, setSharing] = useState(false);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const engineRef = useRef<CallEngine | null>(null);
  const mediaRef = useRef<LocalMedia | null>(null);
  const joinedRef = useRef(false);

  const put = useCallback((r: VideoRoom) => qc.setQueryData(videoKeys.room(r.id), r), [qc]);

  // A pushed room is shown at once and then read again: pushes and answers of two people joining at the same moment
  // can arrive out of order, and an older one applied last would take someone out of the call.
  const reread = useCallback(() => void qc.invalidateQueries({ queryKey: videoKeys.room(roomId) }), [qc, roomId]);
  useRealtimeEvent(VIDEO_LOBBY, (d) => {
    const r = asRoom(d);
    if (r && r.id === roomId) {
      put(r);
      reread();
    }
  });
  useRealtimeEvent(VIDEO_SIGNAL, (d) => {
    const s = asSignal(d);
    const e = engineRef.current;
    if (s && e instanceof PeerEngine) e.receive(s);
  });
  useOnResume(() => void qc.invalidateQueries({ queryKey: videoKeys.room(roomId) }));

  const openMedia = useCallback(async (want?: { audio: boolean; video: boolean }) => {
    setMediaLoading(true);
    stopStream(mediaRef.current?.stream);
    const m = await openLocalMedia(want);
    mediaRef.current = m;
    setMedia(m);
    setMic(m.stream.getAudioTracks().length > 0);
    setCam(m.stream.getVideoTracks().length > 0);
    setMediaLoading(false);
  }, []);

  useEffect(() => {
    void openMedia();
    return () => {
      engineRef.current?.close();
      engineRef.current = null;
      stopStream(mediaRef.current?.stream);
      if (joinedRef.current) void videoApi.leave(roomId).catch(() => undefined);
    };
  }, [openMedia, roomId]);

  const r = room.data;
  const inCall = !!r && joined && selfInCall(r);

  // Start the engine once in the call (admitted); stop it when out.
  useEffect(() => {
    if (!inCall || !r || !media) return;
    let cancelled = false;
    let eng: CallEngine | null = null;
    const start = async () => {
      try {
        const tok = await videoApi.token(r.id);
        if (cancelled) return;
        if (tok.mode === 'twilio' && tok.token) {
          const { connectTwilio } = await import('../engine/twilio');
          eng = await connectTwilio(tok.token, tok.room_name, media.stream);
        } else {
          eng = new PeerEngine(r.id, r.role === 'host', media.stream);
        }
        if (cancelled) {
          eng.close();
          return;
        }
        engineRef.current = eng;
        eng.onChange(rerender);
        setEngine(eng);
      } catch (e) {
        if (!cancelled) setError(e);
      }
    };
    void start();
    return () => {
      cancelled = true;
      eng?.close();
      if (engineRef.current === eng) engineRef.current = null;
      setEngine(null);
    };
    // The engine lives for one stay in the call with one set of devices (not for each lobby change of the room).
  }, [inCall, r?.id, media]);

  const peerIn = !!r && peerInCall(r);
  useEffect(() => {
    engine?.peerChanged(peerIn);
  }, [engine, peerIn]);

  const join = useCallback(async () => {
    setError(null);
    try {
      const out = await videoApi.join(roomId);
      put(out);
      reread();
      joinedRef.current = true;
      setJoined(true);
      setLeft(false);
    } catch (e) {
      setError(e);
      void qc.invalidateQueries({ queryKey: videoKeys.room(roomId) });
    }
  }, [put, qc, reread, roomId]);

  const admit = useCallback(async () => {
    setError(null);
    try {
      put(await videoApi.admit(roomId));
      // Admitting joins the provider too.
      joinedRef.current = true;
      setJoined(true);
      setLeft(false);
    } catch (e) {
      setError(e);
    }
  }, [put, roomId]);

  const leave = useCallback(async () => {
    engineRef.current?.close();
    engineRef.current = null;
    setEngine(null);
    setSharing(false);
    joinedRef.current = false;
    setJoined(false);
    setLeft(true);
    try {
      put(await videoApi.leave(roomId));
    } catch {
      void qc.invalidateQueries({ queryKey: videoKeys.room(roomId) });
    }
  }, [put, qc, roomId]);

  const toggleMic = useCallback(() => {
    const on = !mic;
    mediaRef.current?.stream.getAudioTracks().forEach((t) => (t.enabled = on));
    engineRef.current?.setMicrophone(on);
    setMic(on);
  }, [mic]);

  const toggleCam = useCallback(() => {
    const on = !cam;
    mediaRef.current?.stream.getVideoTracks().forEach((t) => (t.enabled = on));
    engineRef.current?.setCamera(on);
    setCam(on);
  }, [cam]);

  const toggleShare = useCallback(async () => {
    const e = engineRef.current;
    if (!e) return;
    if (sharing) {
      await e.stopScreen();
      setSharing(false);
      return;
    }
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      await e.shareScreen(track, () => setSharing(false));
      setSharing(true);
    } catch {
      // The person closed the browser's picker: nothing to share.
    }
  }, [sharing]);

  const phase: Phase = left ? 'left' : !joined ? 'preview' : r && selfInCall(r) ? 'call' : 'lobby';
  return { room, media, mediaLoading, openMedia, phase, error, engine, mic, cam, sharing, join, admit, leave, toggleMic, toggleCam, toggleShare, peerIn };
}
