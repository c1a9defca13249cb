import {
  availableDateInPast,
  isoDate,
  LISTING_STATUSES,
  listingInputSchema,
  listingUpdateSchema,
  londonToday,
  PET_POLICIES,
  ROOM_TYPES,
  SMOKING_POLICIES,
  TEXTS,
  AMENITIES,
  type Photo,
} from '@roomnest/shared';
import { errorMessage, errorStatus, serverFieldErrors } from '@roomnest/shared/client';
import { AmenityIcon, PhotoPicker } from '@roomnest/shared/listing';
import { Alert, applyServerErrors, Button, ButtonLink, ConfirmDialog, Field, Options, useZodForm } from '@roomnest/shared/ui';
import { useMemo, useState, type ReactNode } from 'react';
import { toListingFormData, type ListingFormValues } from './form-values.ts';
import { useHeldPhotos, useLivePhotos } from './photos.ts';
import s from './listing-form.module.css';

type Name = Exclude<keyof ListingFormValues, 'Amenities'>;

/** The required fields (docs/product.md, Listings lifecycle; Status on edit too), with the label each is shown under. */
const REQUIRED: readonly { name: Name; label: string }[] = [
  { name: 'Title', label: 'Title' },
  { name: 'Address', label: 'Address' },
  { name: 'City', label: 'City' },
  { name: 'State', label: 'State / county' },
  { name: 'ZipCode', label: 'Postcode' },
  { name: 'RoomType', label: 'Room type' },
  { name: 'Rent', label: 'Rent' },
  { name: 'AvailableDate', label: 'Available date' },
];
const STATUS_FIELD = { name: 'Status', label: 'Status' } as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export interface ListingFormProps {
  mode: 'create' | 'edit';
  initial: ListingFormValues;
  /** On edit: the listing, whose photos are changed live (each change its own call). */
  listing?: { ListingID: number; Photos: readonly Photo[] } | undefined;
  submitLabel: string;
  busyLabel: string;
  cancelHref: string;
  /** Sends the multipart body, reporting the share sent; resolves with the error of a failed call, or null. */
  onSubmit: (body: FormData, onProgress: (sent: number) => void) => Promise<unknown>;
  /** A message from the page above the form (e.g. the plan limit). */
  notice?: ReactNode;
}

/**
 * Post ad and edit listing: every listing field under the shared schema
 * (listingInputSchema, listingUpdateSchema with Status), so the browser asks
 * for what the server will insist on. Missing required fields bring the
 * product's sentence beside the button and a message at each field; a 400's
 * field errors land on their fields.
 */
export function ListingForm({ mode, initial, listing, submitLabel, busyLabel, cancelHref, onSubmit, notice }: ListingFormProps) {
  // The server's rule on the date, checked here too: not before today in London, except the date a listing
  // being edited already has (an older listing's date may have gone by; its other fields can still change).
  const [today] = useState(() => londonToday());
  const keptDate = mode === 'edit' ? initial.AvailableDate : undefined;
  const schema = useMemo(
    () =>
      (mode === 'edit' ? listingUpdateSchema : listingInputSchema).extend({
        AvailableDate: isoDate('Available Date').refine((date) => !availableDateInPast(date, today, keptDate), TEXTS.availableDatePast),
      }),
    [mode, today, keptDate],
  );
  // One form type for both: on post there is no Status input, and the post schema ignores the key.
  const form = useZodForm(schema as typeof listingUpdateSchema, { defaultValues: initial as never });
  const { register, handleSubmit, watch, formState } = form;
  const { errors, submitCount, isSubmitting } = formState;
  const values = watch() as unknown as ListingFormValues;
  const held = useHeldPhotos();

  const required = mode === 'edit' ? [...REQUIRED, STATUS_FIELD] : REQUIRED;
  const missingRequired = submitCount > 0 && required.some((f) => blank(values[f.name]));

  /** A blank required field says so in its own words; anything else shows the schema's or the server's message. */
  const fieldError = (name: Name): string | undefined => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    const rule = required.find((f) => f.name === name);
    return rule && blank(values[name]) ? `${rule.label} is required.` : String(message);
  };
  const req = (name: Name) => ({ 'aria-required': true as const, ...register(name) });
  // Selects also take their starting option from `defaultValue`, so the DOM shows it even before
  // react-hook-form registers them (and in DOM implementations without option.defaultSelected).

  const submit = handleSubmit(async (output) => {
    held.clearServerErrors();
    // On edit the photos are saved as they change; the form sends the fields alone.
    const files = mode === 'create' ? held.files : [];
    if (files.length) held.setProgress(0);
    const error = await onSubmit(toListingFormData(output, files), (sent) => {
      if (files.length) held.setProgress(sent);
    });
    held.setProgress(null);
    if (!error) return;
    applyServerErrors(form, serverFieldErrors(error));
    // A refused photo is shown beside its file; every field and every chosen photo stays as it was.
    const status = errorStatus(error);
    if (files.length && (status === 400 || status === 413 || status === 415)) held.showServerError(error);
    else if (status === 413 || status === 415) held.showServerError({ data: { message: errorMessage(error, TEXTS.postFailed) } });
  });

  return (
    <form className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label={mode === 'edit' ? 'Edit listing' : 'Post a room'}>
      {notice}
      <p className={s.note}>Every field is required unless it says optional.</p>

      <fieldset className={s.section}>
        <legend className={s.legend}>The room</legend>
        <Field label="Title" error={fieldError('Title')} hint="A short headline, e.g. Bright double room near London Fields">
          {(ids) => <input {...ids} {...req('Title')} type="text" maxLength={120} />}
        </Field>
        <Field label="Description (optional)" error={fieldError('Description')}>
          {(ids) => <textarea {...ids} {...register('Description')} rows={6} maxLength={5000} />}
        </Field>
        <div className={s.grid3}>
          <Field label="Room type" error={fieldError('RoomType')}>
            {(ids) => (
              <select {...ids} {...req('RoomType')} defaultValue={initial.RoomType}>
                <Options choices={ROOM_TYPES} empty="Choose a type" />
              </select>
            )}
          </Field>
          <Field label="Rent per month (£)" error={fieldError('Rent')}>
            {(ids) => <input {...ids} {...req('Rent')} type="number" inputMode="decimal" min={1} step={0.01} placeholder="e.g. 950" />}
          </Field>
          <Field label="Deposit (£, optional)" error={fieldError('Deposit')}>
            {(ids) => <input {...ids} {...register('Deposit')} type="number" inputMode="decimal" min={0} step={0.01} placeholder="e.g. 1100" />}
          </Field>
        </div>
        <div className={s.grid3}>
          <Field label="Available date" error={fieldError('AvailableDate')}>
            {(ids) => <input {...ids} {...req('AvailableDate')} type="date" min={today} />}
          </Field>
          {mode === 'edit' ? (
            <Field label="Status" error={fieldError('Status')} hint="Only Available rooms appear in search.">
              {(ids) => (
                <select {...ids} {...req('Status')} defaultValue={initial.Status}>
                  <Options choices={LISTING_STATUSES} />
                </select>
              )}
            </Field>
          ) : null}
        </div>
      </fieldset>

      <fieldset className={s.section}>
        <legend className={s.legend}>Where it is</legend>
        <Field label="Address" error={fieldError('Address')} hint="Street and area, e.g. 14 Mare Street, Hackney">
          {(ids) => <input {...ids} {...req('Address')} type="text" maxLength={200} autoComplete="street-address" />}
        </Field>
        <div className={s.grid3}>
          <Field label="City" error={fieldError('City')}>
            {(ids) => <input {...ids} {...req('City')} type="text" maxLength={100} autoComplete="address-level2" />}
          </Field>
          <Field label="State / county" error={fieldError('State')}>
            {(ids) => <input {...ids} {...req('State')} type="text" maxLength={100} autoComplete="address-level1" placeholder="e.g. Greater London" />}
          </Field>
          <Field label="Postcode" error={fieldError('ZipCode')}>
            {(ids) => <input {...ids} {...req('ZipCode')} type="text" maxLength={12} autoComplete="postal-code" className={`${ids.className} ${s.postcode}`} />}
          </Field>
        </div>
      </fieldset>

      <fieldset className={s.section}>
        <legend className={s.legend}>Tenancy and house rules</legend>
        <Field label="Lease terms (optional)" error={fieldError('LeaseTerms')} hint="e.g. 12-month AST, minimum stay 6 months">
          {(ids) => <input {...ids} {...register('LeaseTerms')} type="text" maxLength={500} />}
        </Field>
        <div className={s.grid2}>
          <Field label="Pet policy" error={fieldError('PetPolicy')}>
            {(ids) => (
              <select {...ids} {...register('PetPolicy')} defaultValue={initial.PetPolicy}>
                <Options choices={PET_POLICIES} />
              </select>
            )}
          </Field>
          <Field label="Smoking policy" error={fieldError('SmokingPolicy')}>
            {(ids) => (
              <select {...ids} {...register('SmokingPolicy')} defaultValue={initial.SmokingPolicy}>
                <Options choices={SMOKING_POLICIES} />
              </select>
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className={s.section}>
        <legend className={s.legend}>Amenities (optional)</legend>
        <ul className={s.amenities}>
          {AMENITIES.map((a) => (
            <li key={a.key}>
              <label className={s.amenity}>
                <input type="checkbox" value={a.key} {...register('Amenities')} className={s.check} />
                <span className={s.amenityIcon}>
                  <AmenityIcon amenity={a.key} />
                </span>
                <span>{a.name}</span>
              </label>
            </li>
          ))}
        </ul>
        {errors.Amenities?.message ? (
          <p className={s.error} role="alert">
            {String(errors.Amenities.message)}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={s.section}>
        <legend className={s.legend}>Photos (optional)</legend>
        {listing ? (
          <LivePhotos listing={listing} />
        ) : (
          <PhotoPicker
            photos={held.photos}
            rejected={held.rejected}
            error={held.error}
            progress={held.progress}
            busy={isSubmitting}
            onAdd={held.add}
            onMove={held.move}
            onRemove={held.remove}
            onDismissRejected={held.dismissRejected}
          />
        )}
      </fieldset>

      {missingRequired ? <Alert>{TEXTS.postAdRequired}</Alert> : null}
      <div className={s.actions}>
        <Button type="submit" variant="accent" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
        <ButtonLink to={cancelHref} variant="ghost" size="lg">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}

/** Edit: the picker over the listing's saved photos, each change saved at once; a removal asks first. */
function LivePhotos({ listing }: { listing: { ListingID: number; Photos: readonly Photo[] } }) {
  const live = useLivePhotos(listing.ListingID, listing.Photos ?? []);
  return (
    <>
      <PhotoPicker
        photos={live.photos}
        rejected={live.rejected}
        error={live.error}
        busy={live.busy}
        onAdd={live.add}
        onMove={live.move}
        onRemove={live.remove}
        onDismissRejected={live.dismissRejected}
      />
      <ConfirmDialog
        open={live.confirming !== null}
        title={`Remove photo ${live.confirming ?? ''}?`}
        confirmLabel="Remove photo"
        busy={live.deleting}
        busyLabel="Removing…"
        onConfirm={live.confirmRemove}
        onCancel={live.cancelRemove}
      >
        <p>Tenants will no longer see it. To show it again you would need to upload it again.</p>
      </ConfirmDialog>
    </>
  );
}
