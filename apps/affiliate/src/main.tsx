import { createPortal } from '@sojourn/feature-shell';
import './index.css';
import { config } from './portal';

createPortal(config);
