import { providerVideoPage } from './provider-video';

export default providerVideoPage('coach', '/coach-app/video-chat');
