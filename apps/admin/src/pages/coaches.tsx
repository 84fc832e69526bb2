import { PractitionerList } from '../components/practitioner-list';

export default function CoachesPage() {
  return (
    <PractitionerList
      kind="coach"
      description="Life coaches may add a credential; when they do, it waits here for a decision like a therapist's licence."
    />
  );
}
