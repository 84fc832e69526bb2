/** Initials for an avatar fallback: "Ada Lovelace" -> "AL", "guest" -> "G". */
export function initials(name: string): string {
  const parts = name.trim().split(/[\s._-]+/).filter(Boolean);
  if (parts.length === 0) return '?';
  return parts
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

const dateFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : dateFmt.format(d);
}

/** Human label for a profile key, e.g. "date_of_birth" -> "Date of birth", "avatar_url" -> "Profile photo". */
const FIELD_LABELS: Record<string, string> = {
  avatar_url: 'Profile photo',
  display_name: 'Display name',
  date_of_birth: 'Date of birth',
  licence_number: 'Licence number',
  business_name: 'Business name',
};
export function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const s = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}
