import { COACH_PATHS } from '../paths';
import { DirectoryPage } from './directory';

export default function CoachDirectoryPage() {
  return <DirectoryPage paths={COACH_PATHS} />;
}
