import { PractitionerList } from '../components/practitioner-list';

export default function TherapistsPage() {
  return (
    <PractitionerList
      kind="therapist"
      description="Therapists cannot publish until their licence is verified. Work through the waiting licences first, then look after the rest."
    />
  );
}
