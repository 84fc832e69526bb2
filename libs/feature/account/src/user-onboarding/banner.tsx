import { FormAlert } from '@sojourn/ui';
import { Link } from 'react-router';
import { useCompleteness } from '../hooks';

const FIELD_LABELS: Record<string, string> = {
  display_name: 'your name',
  avatar_url: 'a photo',
  bio: 'a short bio',
  phone: 'your phone number',
  date_of_birth: 'your date of birth',
  gender: 'your gender',
  city: 'your city',
  country: 'your country',
  languages: 'your languages',
  interests: 'your interests',
  business_name: 'your business name',
  licence_number: 'your licence number',
  specialties: 'your specialties',
};

/** Where the profile page edits a missing field. */
export function missingFieldPath(field: string): string {
  return `/profile?tab=${field === 'avatar_url' ? 'photo' : 'edit'}&field=${field}`;
}

/** The incomplete-profile banner: how complete the profile is and a link to each missing field (the API's completeness). */
export function IncompleteProfileBanner() {
  const q = useCompleteness();
  if (!q.data || q.data.missingFields.length === 0) return null;
  const { completeness, missingFields } = q.data;
  return (
    <FormAlert tone="info">
      <span className="font-semibold">Your profile is {completeness}% complete.</span> Add{' '}
      {missingFields.map((f, i) => (
        <span key={f}>
          {i > 0 && (i === missingFields.length - 1 ? ' and ' : ', ')}
          <Link to={missingFieldPath(f)} className="font-semibold underline">
            {FIELD_LABELS[f] ?? f.replace(/_/g, ' ')}
          </Link>
        </span>
      ))}{' '}
      so providers and friends know who you are.
    </FormAlert>
  );
}
