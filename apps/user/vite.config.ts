import { fileURLToPath } from 'node:url';
import { portalConfig } from '../../tools/vite-portal';

export default portalConfig('user', fileURLToPath(new URL('.', import.meta.url)));
