/** Between the Profile the API sends and the editor's form values. */
import type { FlatmateCard, Profile, ProfileUpdateInput } from '@roomnest/shared';
import { splitLocations } from '../flatmate-card/card-text.ts';

/** What the form's inputs hold: text, as typed. */
export interface ProfileFormValues {
  Name: string;
  PhoneNumber: string;
  Bio: string;
  LookingForDescription: string;
  BudgetMin: string;
  BudgetMax: string;
  PreferredLocations: string;
  FlatmateMoveInDate: string;
}

export function formValues(p: Profile): ProfileFormValues {
  return {
    Name: p.Name ?? '',
    PhoneNumber: p.PhoneNumber ?? '',
    Bio: p.Bio ?? '',
    LookingForDescription: p.LookingForDescription ?? '',
    BudgetMin: p.BudgetMin === null || p.BudgetMin === undefined ? '' : String(p.BudgetMin),
    BudgetMax: p.BudgetMax === null || p.BudgetMax === undefined ? '' : String(p.BudgetMax),
    PreferredLocations: p.PreferredLocations ?? '',
    FlatmateMoveInDate: p.FlatmateMoveInDate ?? '',
  };
}

/** The checked values as they are sent: locations tidied to 'Hackney, Stratford'. */
export function toUpdate(values: ProfileUpdateInput): ProfileUpdateInput {
  const places = splitLocations(values.PreferredLocations).join(', ');
  return { ...values, PreferredLocations: places || null };
}

const wholePounds = (raw: unknown): number | null => {
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
};
const text = (raw: unknown): string | null => (typeof raw === 'string' && raw.trim() ? raw.trim() : null);

/** The card others would see, from the form as it stands (unsaved edits included), with the mark the person has earned. */
export function previewCard(values: Partial<Record<keyof ProfileFormValues, unknown>>, userId: number, pictureUrl: string | null, emailVerified = false): FlatmateCard {
  return {
    UserID: userId,
    Name: text(values.Name) ?? 'Your name',
    ProfilePictureURL: pictureUrl,
    Bio: text(values.Bio),
    LookingForDescription: text(values.LookingForDescription),
    BudgetMin: wholePounds(values.BudgetMin),
    BudgetMax: wholePounds(values.BudgetMax),
    PreferredLocations: text(values.PreferredLocations),
    FlatmateMoveInDate: text(values.FlatmateMoveInDate),
    EmailVerified: emailVerified,
  };
}
