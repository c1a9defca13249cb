import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, UPLOAD_TEXTS } from '@roomnest/shared';
import { ListingImage } from '@roomnest/shared/listing';
import { Button, Field } from '@roomnest/shared/ui';
import { useEffect, useMemo, useRef } from 'react';
import s from './listing-form.module.css';

/** Checks a chosen file as the API will (type and size), so the landlord hears about it before uploading. */
export function checkImage(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return UPLOAD_TEXTS.imageType;
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_TEXTS.imageTooLarge;
  return null;
}

export interface ImagePickerProps {
  file: File | null;
  /** The listing's current photo (edit), kept unless a new one is chosen. */
  currentUrl?: string | null;
  error?: string | undefined;
  onPick: (file: File | null, error: string | null) => void;
}

/** The optional photo: png, jpeg or gif up to 5 MB, previewed before it is sent. */
export function ImagePicker({ file, currentUrl, error, onPick }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const shown = preview ?? currentUrl ?? null;
  const caption = preview ? `New photo: ${file?.name}` : currentUrl ? 'Current photo' : null;

  return (
    <div className={s.picker}>
      <div className={s.previewBox}>
        <ListingImage src={shown} alt={preview ? 'Preview of the new photo' : 'Current photo of the room'} loading="eager" className={s.preview} />
        {caption ? <p className={s.caption}>{caption}</p> : null}
      </div>
      <div className={s.pickerControls}>
        <Field label="Photo" error={error} hint="Optional. PNG, JPEG or GIF, up to 5 MB. A bright, landscape photo of the room works best.">
          {(ids) => (
            <input
              {...ids}
              ref={input}
              type="file"
              name="roomImage"
              accept={IMAGE_MIME_TYPES.join(',')}
              className={`${ids.className} ${s.file}`}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                if (!chosen) return onPick(null, null);
                const problem = checkImage(chosen);
                if (problem) e.target.value = '';
                onPick(problem ? null : chosen, problem);
              }}
            />
          )}
        </Field>
        {file ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              if (input.current) input.current.value = '';
              onPick(null, null);
            }}
          >
            {currentUrl ? 'Keep the current photo' : 'Remove this photo'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
