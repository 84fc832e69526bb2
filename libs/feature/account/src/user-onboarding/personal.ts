import { Compass, HeartHandshake, Leaf, ShoppingBag, type LucideIcon } from 'lucide-react';

export interface NextStep {
  intent: string;
  icon: LucideIcon;
  title: string;
  description: string;
  action: string;
  to: string;
}

const ALL: NextStep[] = [
  { intent: 'travel', icon: Compass, title: 'Plan your first trip', description: 'Stays, flights, guides and cars from providers we have checked.', action: 'Plan a trip', to: '/booking' },
  { intent: 'wellness', icon: Leaf, title: 'Look after yourself', description: 'Therapists and life coaches, by video or in person.', action: 'Find a therapist', to: '/user-therapy' },
  { intent: 'shopping', icon: ShoppingBag, title: 'Browse the shop', description: 'Things made by independent vendors, delivered to you.', action: 'Go shopping', to: '/shop' },
  {
    intent: 'meeting_people',
    icon: HeartHandshake,
    title: 'Meet people like you',
    description: 'Tell us who you would like to meet, then see your matches and why you match.',
    action: 'Set your preferences',
    to: '/user-preferences',
  },
];

/** The first steps to offer, in the order of what the person said they are here for (then the rest). */
export function nextSteps(intents: readonly string[]): NextStep[] {
  const chosen = intents.map((i) => ALL.find((s) => s.intent === i)).filter((s): s is NextStep => Boolean(s));
  return [...chosen, ...ALL.filter((s) => !intents.includes(s.intent))];
}

/** The dashboard's section order for these intents (travel, wellness, shopping, meeting_people; chosen first). */
export function sectionOrder(intents: readonly string[]): string[] {
  return nextSteps(intents).map((s) => s.intent);
}
