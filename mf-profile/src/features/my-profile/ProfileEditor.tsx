import { NAME_MAX_LENGTH, profileUpdateSchema, TEXTS, type Profile } from '@roomnest/shared';
import { currentUserUpdated, errorMessage, notify, serverFieldErrors, useHostDispatch } from '@roomnest/shared/client';
import { Alert, applyServerErrors, Button, Card, Field, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { PROFILE_FORM_FIELDS, useUpdateProfileMutation } from '../../api/profile-api.ts';
import { splitLocations } from '../flatmate-card/card-text.ts';
import { FlatmateCardView } from '../flatmate-card/FlatmateCardView.tsx';
import { AccountTypeCard } from './AccountTypeCard.tsx';
import { BlockedPeopleSection } from './BlockedPeopleSection.tsx';
import { DangerZone } from './DangerZone.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { PictureField, useChosenPicture } from './PictureField.tsx';
import { formValues, previewCard, toUpdate } from './profile-form.ts';
import { VisibilityCard } from './VisibilityCard.tsx';
import s from './my-profile.module.css';

const TEXT_MAX = 2000;
const LOCATIONS_MAX = 500;
const PHONE_MAX = 20;
const SAVED = 'Profile saved.';

/**
 * The profile editor: the one form pattern (useZodForm with the shared
 * profileUpdateSchema, so the browser checks what the server enforces), the
 * picture with its 150px preview, the listed/unlisted toggle, a live preview
 * of the card others see, and account deletion.
 */
export function ProfileEditor({ profile }: { profile: Profile }) {
  const form = useZodForm(profileUpdateSchema, { defaultValues: formValues(profile) });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const [picture, choosePicture] = useChosenPicture();
  const file = picture?.file ?? null;
  const previewUrl = picture?.url ?? null;
  const [pictureError, setPictureError] = useState<string | undefined>();
  const [failure, setFailure] = useSubmitFailure(form);
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const dispatch = useHostDispatch();

  const places = splitLocations(typeof watched.PreferredLocations === 'string' ? watched.PreferredLocations : '');

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await updateProfile({ fields: toUpdate(values), image: file });
    if ('error' in result) {
      const fieldErrors = serverFieldErrors(result.error);
      const known = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => (PROFILE_FORM_FIELDS as readonly string[]).includes(field)));
      applyServerErrors(form, known);
      if (fieldErrors.profileImage) setPictureError(fieldErrors.profileImage);
      setFailure(errorMessage(result.error, TEXTS.profileSaveFailed));
      return;
    }
    const saved = result.data.user;
    // The nav and the greeting read the stored user: keep its name and picture in step.
    dispatch(currentUserUpdated({ name: saved.Name, profilePictureURL: saved.ProfilePictureURL }));
    notify.success(result.data.message || SAVED);
    form.reset(formValues(saved));
    choosePicture(null);
    setPictureError(undefined);
  });

  return (
    <div className={s.layout}>
      <div className={s.main}>
        <form className={s.form} onSubmit={onSubmit} noValidate aria-label="Your profile">
          <Card as="section" className={s.section}>
            <h2 className={s.sectionTitle}>About you</h2>
            <PictureField
              name={typeof watched.Name === 'string' && watched.Name.trim() ? watched.Name : profile.Name}
              currentUrl={profile.ProfilePictureURL}
              previewUrl={previewUrl}
              file={file}
              error={pictureError}
              onChoose={(chosen, problem) => {
                choosePicture(chosen);
                setPictureError(problem);
              }}
            />
            <div className={s.pair}>
              <Field label="Name" error={errors.Name?.message}>
                {(ids) => <input {...ids} type="text" autoComplete="name" maxLength={NAME_MAX_LENGTH} {...form.register('Name')} />}
              </Field>
              <Field label="Phone number" hint="Optional. Never shown on your card." error={errors.PhoneNumber?.message}>
                {(ids) => <input {...ids} type="tel" autoComplete="tel" inputMode="tel" maxLength={PHONE_MAX} {...form.register('PhoneNumber')} />}
              </Field>
            </div>
            <Field label="Bio" hint="A few lines about you: work, routines, what you are like to live with. The first 100 characters show on your card." error={errors.Bio?.message}>
              {(ids) => <textarea {...ids} rows={5} maxLength={TEXT_MAX} {...form.register('Bio')} />}
            </Field>
          </Card>

          <Card as="section" className={s.section}>
            <h2 className={s.sectionTitle}>What you are looking for</h2>
            <Field
              label="Looking for"
              hint="The room and the people you hope to share with. The first 100 characters show on your card."
              error={errors.LookingForDescription?.message}
            >
              {(ids) => <textarea {...ids} rows={4} maxLength={TEXT_MAX} {...form.register('LookingForDescription')} />}
            </Field>
            <fieldset className={s.budget}>
              <legend className={s.legend}>Monthly budget</legend>
              <div className={s.pair}>
                <Field label="Min budget (£)" hint="Whole pounds" error={errors.BudgetMin?.message}>
                  {(ids) => <input {...ids} type="number" inputMode="numeric" min={0} step={1} {...form.register('BudgetMin')} />}
                </Field>
                <Field label="Max budget (£)" hint="Whole pounds" error={errors.BudgetMax?.message}>
                  {(ids) => <input {...ids} type="number" inputMode="numeric" min={0} step={1} {...form.register('BudgetMax')} />}
                </Field>
              </div>
            </fieldset>
            <Field label="Preferred locations" hint="Areas or towns, separated by commas, e.g. Hackney, Stratford" error={errors.PreferredLocations?.message}>
              {(ids) => <input {...ids} type="text" maxLength={LOCATIONS_MAX} autoComplete="off" {...form.register('PreferredLocations')} />}
            </Field>
            {places.length ? (
              <ul className={s.chips} aria-label="Your preferred locations">
                {places.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
            <Field label="Move-in date" hint="When you would like to move in" error={errors.FlatmateMoveInDate?.message}>
              {(ids) => <input {...ids} type="date" {...form.register('FlatmateMoveInDate')} />}
            </Field>
          </Card>

          <div className={s.saveBar}>
            {failure ? <Alert>{failure}</Alert> : null}
            <Button type="submit" size="lg" disabled={saving} aria-busy={saving}>
              {saving ? 'Saving…' : 'Save profile'}
            </Button>
          </div>
        </form>
        <NotificationsSection profile={profile} />
        <BlockedPeopleSection />
        <DangerZone />
      </div>

      <div className={s.side}>
        <VisibilityCard profile={profile} />
        <AccountTypeCard profile={profile} />
        {/* A visual aid only: everything in it is in the form, so it is kept out of the accessibility tree. */}
        <section className={s.preview} inert aria-hidden="true">
          <h2 className={s.sideTitle}>How your card looks</h2>
          <p className={s.sideHint}>Other members see this in flatmate search while your profile is listed. It updates as you type.</p>
          <FlatmateCardView card={previewCard(watched, profile.UserID, previewUrl ?? profile.ProfilePictureURL, profile.EmailVerified)} headingLevel={2} />
        </section>
      </div>
    </div>
  );
}
