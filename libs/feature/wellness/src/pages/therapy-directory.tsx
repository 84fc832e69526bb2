import { THERAPY_PATHS } from '../paths';
import { DirectoryPage } from './directory';

export default function TherapyDirectoryPage() {
  return <DirectoryPage paths={THERAPY_PATHS} />;
}
