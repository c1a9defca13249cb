/**
 * Who holds a listing form's photos. On Post Ad the listing does not exist until it is sent, so the chosen
 * files wait in the form and go with it in the one POST (useHeldPhotos). On Edit each change is saved at
 * once with the photo calls (useLivePhotos): every added file its own upload with its own progress, a new
 * order or a removal its own call, and the cache updated so My Listings and the room page are fresh.
 */
import { photoSources, type Photo } from '@roomnest/shared';
import { errorMessage, useHostDispatch, useUpload } from '@roomnest/shared/client';
import { checkPhotoFiles, moveItem, photosChanged, serverPhotoErrors, type PhotosAnswer, type PickerPhoto, type RejectedFile } from '@roomnest/shared/listing';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDeletePhotoMutation, useReorderPhotosMutation } from '../../api/listings-api.ts';

interface HeldFile {
  key: string;
  file: File;
  url: string;
}

let nextKey = 0;
const hold = (file: File): HeldFile => ({ key: `file-${++nextKey}`, file, url: URL.createObjectURL(file) });

/** Post Ad: the chosen files, in the chosen order, until the form is sent. */
export function useHeldPhotos() {
  const [held, setHeld] = useState<HeldFile[]>([]);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  // The previews' object URLs are freed when the form goes.
  const latest = useRef(held);
  useEffect(() => {
    latest.current = held;
  });
  useEffect(() => () => latest.current.forEach((h) => URL.revokeObjectURL(h.url)), []);

  const add = (files: File[]) => {
    const { accepted, rejected: refused } = checkPhotoFiles(files, held.length);
    setRejected(refused);
    setError(null);
    if (accepted.length) setHeld((list) => [...list, ...accepted.map(hold)]);
  };
  const move = (from: number, to: number) => setHeld((list) => moveItem(list, from, to));
  const remove = (key: string) => {
    const gone = held.find((h) => h.key === key);
    if (!gone) return;
    URL.revokeObjectURL(gone.url);
    setHeld((list) => list.filter((h) => h.key !== key));
    if (serverErrors.has(gone.file.name)) {
      const next = new Map(serverErrors);
      next.delete(gone.file.name);
      setServerErrors(next);
    }
  };

  /** After a refused POST: each file's reason beside it, the rest above the grid; nothing chosen is lost. */
  const showServerError = (failure: unknown) => {
    const { byName, general } = serverPhotoErrors(
      failure,
      held.map((h) => h.file.name),
    );
    setServerErrors(byName);
    setError(general);
  };

  const photos: PickerPhoto[] = held.map((h) => ({ key: h.key, name: h.file.name, src: h.url, error: serverErrors.get(h.file.name) ?? null }));
  return {
    photos,
    files: held.map((h) => h.file),
    rejected,
    error,
    progress,
    add,
    move,
    remove,
    dismissRejected: () => setRejected([]),
    setProgress,
    showServerError,
    clearServerErrors: () => {
      setServerErrors(new Map());
      setError(null);
    },
  };
}

interface Upload {
  key: string;
  file: File;
  url: string;
  progress: number;
  error: string | null;
}

/** Edit: the listing's saved photos, and the files being uploaded after them. */
export function useLivePhotos(listingId: number, initial: readonly Photo[]) {
  const dispatch = useHostDispatch();
  const upload = useUpload();
  const [reorder, { isLoading: reordering }] = useReorderPhotosMutation();
  const [deletePhoto, { isLoading: deleting }] = useDeletePhotoMutation();
  const [saved, setSaved] = useState<Photo[]>(() => [...initial]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** The photo waiting for "Remove this photo?" to be confirmed. */
  const [confirming, setConfirming] = useState<Photo | null>(null);

  // Uploads go one after another, so the photos land in the order they were chosen.
  const queue = useRef<Promise<void>>(Promise.resolve());
  // The previews of files still uploading are freed when the form goes.
  const previews = useRef(uploads);
  useEffect(() => {
    previews.current = uploads;
  });
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u.url)), []);

  const changed = useCallback(
    (photos: Photo[]) => {
      setSaved(photos);
      photosChanged(listingId, photos)(dispatch);
    },
    [dispatch, listingId],
  );
  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const add = (files: File[]) => {
    const pending = uploads.filter((u) => !u.error).length;
    const { accepted, rejected: refused } = checkPhotoFiles(files, saved.length + pending);
    setRejected(refused);
    setError(null);
    const started = accepted.map((file) => ({ ...hold(file), progress: 0, error: null }));
    setUploads((list) => [...list, ...started]);
    for (const item of started) {
      queue.current = queue.current.then(async () => {
        const body = new FormData();
        body.append('photos', item.file, item.file.name);
        const result = await upload<PhotosAnswer>({ url: `/listings/${listingId}/photos`, body, onProgress: (sent) => patch(item.key, { progress: sent }) });
        if (result.error) {
          const { byName, general } = serverPhotoErrors(result.error, [item.file.name]);
          patch(item.key, { error: byName.get(item.file.name) ?? general ?? errorMessage(result.error, `${item.file.name} could not be uploaded. Try again.`) });
          return;
        }
        URL.revokeObjectURL(item.url);
        setUploads((list) => list.filter((u) => u.key !== item.key));
        changed(result.data.photos);
      });
    }
  };

  const move = async (from: number, to: number) => {
    const before = saved;
    // Only saved photos have a place in the order; a file still uploading joins at the end.
    if (from >= before.length || to >= before.length) return;
    const next = moveItem(before, from, to);
    setSaved(next);
    setError(null);
    const result = await reorder({ id: listingId, PhotoIDs: next.map((p) => p.PhotoID) });
    if ('error' in result) {
      setSaved(before);
      setError(errorMessage(result.error, 'The new order could not be saved. Try again.'));
    } else changed(result.data.photos);
  };

  const remove = (key: string) => {
    const photo = saved.find((p) => String(p.PhotoID) === key);
    if (photo) return setConfirming(photo);
    const item = uploads.find((u) => u.key === key);
    if (item) URL.revokeObjectURL(item.url);
    setUploads((list) => list.filter((u) => u.key !== key));
  };

  const confirmRemove = async () => {
    if (!confirming) return;
    const result = await deletePhoto({ id: listingId, photoId: confirming.PhotoID });
    setConfirming(null);
    if ('error' in result) setError(errorMessage(result.error, 'The photo could not be removed. Try again.'));
    else changed(result.data.photos);
  };

  const photos: PickerPhoto[] = useMemo(
    () => [
      ...saved.map((p, i) => ({ key: String(p.PhotoID), name: `Photo ${i + 1}`, src: photoSources(p, 'card').src })),
      ...uploads.map((u) => ({ key: u.key, name: u.file.name, src: u.url, progress: u.error ? null : u.progress, error: u.error })),
    ],
    [saved, uploads],
  );
  return {
    photos,
    rejected,
    error,
    busy: reordering || deleting,
    add,
    move: (from: number, to: number) => void move(from, to),
    remove,
    dismissRejected: () => setRejected([]),
    confirming: confirming ? saved.indexOf(confirming) + 1 : null,
    confirmRemove: () => void confirmRemove(),
    cancelRemove: () => setConfirming(null),
    deleting,
  };
}
