import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, PROFILE_IMAGE_PREVIEW_PX, UPLOAD_TEXTS } from '@roomnest/shared';
import { Avatar, Button, Field } from '@roomnest/shared/ui';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import s from './my-profile.module.css';

/** The browser's check of a chosen picture (the server checks the bytes again): type and size. */
export function pictureProblem(file: File): string | undefined {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return UPLOAD_TEXTS.imageType;
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_TEXTS.imageTooLarge;
  return undefined;
}

export interface ChosenPicture {
  file: File;
  /** A local URL for the preview, released when the picture is replaced or the editor goes. */
  url: string;
}

/** The picture chosen but not yet saved, with its preview URL. */
export function useChosenPicture(): [ChosenPicture | null, (file: File | null) => void] {
  const [chosen, setChosen] = useState<ChosenPicture | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );
  const choose = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const url = file ? URL.createObjectURL(file) : null;
    current.current = url;
    setChosen(file && url ? { file, url } : null);
  }, []);
  return [chosen, choose];
}

export interface PictureFieldProps {
  name: string;
  /** The saved picture. */
  currentUrl: string | null;
  /** The new picture's preview, when one is chosen. */
  previewUrl: string | null;
  file: File | null;
  error: string | undefined;
  onChoose: (file: File | null, error?: string) => void;
}

/** Profile picture: PNG, JPEG or GIF up to 5 MB, previewed at 150px before it is saved. */
export function PictureField({ name, currentUrl, previewUrl, file, error, onChoose }: PictureFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    if (!chosen) return;
    const problem = pictureProblem(chosen);
    if (problem) {
      e.target.value = '';
      onChoose(null, problem);
      return;
    }
    onChoose(chosen);
  };
  const undo = () => {
    if (input.current) input.current.value = '';
    onChoose(null);
  };
  return (
    <div className={s.picture}>
      <Avatar src={previewUrl ?? currentUrl} name={name} size={PROFILE_IMAGE_PREVIEW_PX} tone="byName" className={s.pictureAvatar} />
      <div className={s.pictureControls}>
        <Field label="Profile picture" hint="PNG, JPEG or GIF, up to 5 MB. A square photo of your face works best." error={error}>
          {(ids) => (
            <input {...ids} ref={input} className={`${ids.className} ${s.file}`} type="file" name="profileImage" accept={IMAGE_MIME_TYPES.join(',')} onChange={change} />
          )}
        </Field>
        {file ? (
          <p className={s.pictureNote}>
            <span>
              New picture: <strong>{file.name}</strong>, saved when you save your profile.
            </span>
            <Button variant="ghost" size="sm" onClick={undo}>
              {currentUrl ? 'Keep current picture' : 'Remove'}
            </Button>
          </p>
        ) : null}
      </div>
    </div>
  );
}
