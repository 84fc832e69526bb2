import type { ComponentType } from 'react';

/** One step's saved answers (a JSON object), or null when it was never saved. */
export type WizardData = Record<string, unknown> | null;

/**
 * What a wizard step screen gets from the onboarding frame (`wizardPages` in @sojourn/feature-onboarding). Domain
 * features write their steps against this type only, so they need not import the onboarding feature.
 */
export interface WizardStepProps {
  /** This step's saved answers (null when never saved). */
  data: WizardData;
  /** Every step's saved answers by slug (for a review step). */
  all: Record<string, WizardData>;
  /** Saves this step on the server and goes on to the next; rejects with the ApiError (place it with applyServerErrors). */
  save: (data: Record<string, unknown>) => Promise<void>;
  /** Applies the whole wizard (the last step calls it after saving); rejects with the ApiError. */
  submit: () => Promise<void>;
  /** The frame's "Save and continue" button submits the form with this id. */
  formId: string;
  /** When the wizard was submitted (ISO time), or null. */
  submittedAt: string | null;
}

/** One step of a wizard: its slug in the address (`one` ... `ten`), its title and its lazily loaded screen. */
export interface WizardStep {
  slug: string;
  title: string;
  description?: string;
  load: () => Promise<{ default: ComponentType<WizardStepProps> }>;
}
