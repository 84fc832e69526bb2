/** What the browser gave us for the camera and microphone. */
export interface LocalMedia {
  stream: MediaStream;
  /** Which device was refused or missing ('' when both work). */
  problem: '' | 'camera' | 'microphone' | 'both';
  /** The browser's reason, for the explanation (NotAllowedError: refused; NotFoundError: none; NotReadableError: in use). */
  reason: string;
}

const video: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' };

async function tryGet(c: MediaStreamConstraints): Promise<MediaStream | string> {
  try {
    return await navigator.mediaDevices.getUserMedia(c);
  } catch (e) {
    return e instanceof Error ? e.name : 'Error';
  }
}

/**
 * Asks for the camera and microphone; when that is refused or fails, asks for each alone, so the call goes on with
 * what works (audio only, or video without sound, or neither: the other side is still seen and heard).
 */
export async function openLocalMedia(want: { audio: boolean; video: boolean } = { audio: true, video: true }): Promise<LocalMedia> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return { stream: new MediaStream(), problem: 'both', reason: 'NotSupportedError' };
  }
  if (want.audio && want.video) {
    const both = await tryGet({ audio: true, video });
    if (typeof both !== 'string') return { stream: both, problem: '', reason: '' };
  }
  const audio = want.audio ? await tryGet({ audio: true }) : 'Skipped';
  const cam = want.video ? await tryGet({ video }) : 'Skipped';
  const stream = new MediaStream();
  if (typeof audio !== 'string') audio.getTracks().forEach((t) => stream.addTrack(t));
  if (typeof cam !== 'string') cam.getTracks().forEach((t) => stream.addTrack(t));
  const noMic = typeof audio === 'string' && audio !== 'Skipped';
  const noCam = typeof cam === 'string' && cam !== 'Skipped';
  const problem = noMic && noCam ? 'both' : noMic ? 'microphone' : noCam ? 'camera' : '';
  const reason = noCam && typeof cam === 'string' ? cam : noMic && typeof audio === 'string' ? audio : '';
  return { stream, problem, reason };
}

/** Stops every track of a stream. */
export function stopStream(s: MediaStream | null | undefined): void {
  s?.getTracks().forEach((t) => t.stop());
}

/** A sentence on why a device is missing and what to do. */
export function mediaAdvice(m: Pick<LocalMedia, 'problem' | 'reason'>): string {
  const what = m.problem === 'both' ? 'camera and microphone' : m.problem;
  if (m.reason === 'NotAllowedError' || m.reason === 'SecurityError') {
    return `Your browser blocked the ${what}. Allow it in the site settings (the icon beside the address) and try again, or join without it.`;
  }
  if (m.reason === 'NotFoundError' || m.reason === 'OverconstrainedError') {
    return `No ${what} was found. Connect one and try again, or join without it.`;
  }
  if (m.reason === 'NotReadableError' || m.reason === 'AbortError') {
    return `Another app is using the ${what}. Close it and try again, or join without it.`;
  }
  if (m.reason === 'NotSupportedError') return 'This browser cannot use a camera or microphone here. You can still see and hear the other person.';
  return `The ${what} could not be started. Try again, or join without it.`;
}
