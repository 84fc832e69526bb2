import { providerVideoPage } from './provider-video';

export default providerVideoPage('therapist', '/therapy-app/video-chat');
