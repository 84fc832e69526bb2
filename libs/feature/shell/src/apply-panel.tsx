import { RoleApplicationPanel } from '@sojourn/feature-account';

export default RoleApplicationPanel;
