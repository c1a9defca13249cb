/**
 * The photo picker of the Post Ad and Edit forms: several files chosen at once, thumbnails in a grid, each
 * upload's progress, reorder by dragging (mouse and touch, through dnd-kit) or from the keyboard (arrow keys
 * on a focused photo, announced), Make cover, Remove, and each refused file's reason beside it.
 *
 * It only shows a list and reports what the landlord asks for; who holds the photos differs: on Post Ad the
 * form holds the files until the one POST (useHeldPhotos), on Edit every change is a call at once
 * (useLivePhotos in mf-listings).
 */
import { DndContext, closestCenter, MouseSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_PHOTOS, PHOTO_MAX_BYTES } from '../constants.ts';
import { Button } from '../ui/components.tsx';
import { PHOTO_ACCEPT, type RejectedFile } from './photo-checks.ts';
import s from './photo-picker.module.css';

export interface PickerPhoto {
  /** Stable while the photo is in the list (a PhotoID or a held file's own key). */
  key: string;
  /** The file's name, or for a photo already saved "Photo 3". */
  name: string;
  /** A small image to show: the card copy, or a chosen file's object URL. */
  src: string;
  /** Share uploaded (0 to 1) while this photo is being sent. */
  progress?: number | null;
  /** Why the server refused this file. */
  error?: string | null;
}

export interface PhotoPickerProps {
  photos: readonly PickerPhoto[];
  /** Files refused before they joined the list (the browser's check, or a failed upload). */
  rejected: readonly RejectedFile[];
  onAdd: (files: File[]) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  onDismissRejected: () => void;
  /** The whole form's upload (Post Ad sends every photo in one request). */
  progress?: number | null;
  /** A refusal that names no file. */
  error?: string | null;
  /** While a change is being saved: no other change starts. */
  busy?: boolean;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const megabytes = Math.round(PHOTO_MAX_BYTES / (1024 * 1024));

export function PhotoPicker({ photos, rejected, onAdd, onMove, onRemove, onDismissRejected, progress, error, busy = false }: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a move from the keyboard the moved photo keeps the focus, wherever it now sits.
  const focusKey = useRef<string | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (!focusKey.current) return;
    handles.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  });

  const full = photos.length >= MAX_PHOTOS;
  const keys = photos.map((p) => p.key);
  const position = (key: string | number) => keys.indexOf(String(key)) + 1;

  const move = (from: number, to: number, byKeyboard: boolean) => {
    if (busy || to < 0 || to >= photos.length || from === to) return;
    const key = keys[from]!;
    onMove(from, to);
    setAnnouncement(to === 0 ? `Photo ${from + 1} moved to position 1. It is now the cover.` : `Photo ${from + 1} moved to position ${to + 1}.`);
    focusKey.current = byKeyboard ? key : null;
  };

  const sensors = useSensors(
    // A small movement before a drag starts, so a click on a button inside a photo stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On touch a short press picks a photo up; a quick swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `Photo ${position(active.id)} is over position ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `Photo ${position(active.id)} moved to position ${position(over.id)}.` : `Photo ${position(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving photo ${position(active.id)} was cancelled.`,
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)), false);
  };

  return (
    <div className={s.picker}>
      <div className={s.chooser}>
        <label htmlFor={inputId} className={s.chooseLabel}>
          Add photos
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={full || busy}
          aria-describedby={hintId}
          className={s.file}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            // Cleared at once, so choosing the same file again (after removing it) is still a change.
            e.target.value = '';
            if (files.length) onAdd(files);
          }}
        />
        <p id={hintId} className={s.hint}>
          {full
            ? `This listing has ${MAX_PHOTOS} photos, the most it can have. Remove one to add another.`
            : `Up to ${MAX_PHOTOS} photos: JPEG, PNG, GIF or WebP, each up to ${megabytes} MB. The first is the cover; drag a photo, or focus it and use the arrow keys, to change the order.`}
        </p>
      </div>

      {rejected.length ? (
        <div className={s.rejected} role="alert">
          <ul className={s.rejectedList}>
            {rejected.map((r, i) => (
              <li key={`${r.name}-${i}`}>{r.message}</li>
            ))}
          </ul>
          <Button variant="ghost" size="sm" onClick={onDismissRejected}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {error ? (
        <p className={s.error} role="alert">
          {error}
        </p>
      ) : null}

      {photos.length ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={dragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: 'Use the left and right arrow keys to move this photo; Home makes it the cover.' } }}
        >
          <SortableContext items={keys} strategy={rectSortingStrategy}>
            <ol className={s.grid} aria-label={`Photos, ${photos.length} of ${MAX_PHOTOS}`}>
              {photos.map((photo, index) => (
                <SortablePhoto
                  key={photo.key}
                  photo={photo}
                  index={index}
                  count={photos.length}
                  busy={busy}
                  handleRef={(el) => {
                    if (el) handles.current.set(photo.key, el);
                    else handles.current.delete(photo.key);
                  }}
                  onKey={(e) => {
                    const to = { ArrowLeft: index - 1, ArrowUp: index - 1, ArrowRight: index + 1, ArrowDown: index + 1, Home: 0, End: photos.length - 1 }[e.key];
                    if (to === undefined) return;
                    e.preventDefault();
                    move(index, to, true);
                  }}
                  onCover={() => move(index, 0, false)}
                  onRemove={() => onRemove(photo.key)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : null}
      {typeof progress === 'number' ? (
        <div className={s.total}>
          <label>
            <span>Uploading photos… {percent(progress)}</span>
            <progress max={1} value={progress} className={s.progress} />
          </label>
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

interface SortablePhotoProps {
  photo: PickerPhoto;
  index: number;
  count: number;
  busy: boolean;
  handleRef: (el: HTMLButtonElement | null) => void;
  onKey: (e: KeyboardEvent<HTMLButtonElement>) => void;
  onCover: () => void;
  onRemove: () => void;
}

function SortablePhoto({ photo, index, count, busy, handleRef, onKey, onCover, onRemove }: SortablePhotoProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: photo.key, disabled: busy });
  const errorId = useId();
  const cover = index === 0;
  const uploading = typeof photo.progress === 'number' && photo.progress < 1;
  const label = `Photo ${index + 1} of ${count}: ${photo.name}${cover ? ', the cover' : ''}`;
  return (
    <li
      ref={setNodeRef}
      className={`${s.tile} ${isDragging ? s.dragging : ''} ${photo.error ? s.tileError : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={(el) => {
          setActivatorNodeRef(el);
          handleRef(el);
        }}
        className={s.handle}
        {...attributes}
        {...listeners}
        // dnd-kit's own role and description are for its keyboard sensor; the arrow keys here move the photo instead.
        aria-roledescription="sortable photo"
        aria-label={label}
        aria-describedby={photo.error ? errorId : attributes['aria-describedby']}
        onKeyDown={onKey}
      >
        <img src={photo.src} alt="" className={s.thumb} draggable={false} />
        {cover ? <span className={s.coverBadge}>Cover</span> : null}
        <span className={s.number} aria-hidden="true">
          {index + 1}
        </span>
      </button>
      <p className={s.name} title={photo.name}>
        {photo.name}
      </p>
      {typeof photo.progress === 'number' ? (
        <label className={s.tileProgress}>
          <span className="visually-hidden">Uploading {photo.name}</span>
          <progress max={1} value={photo.progress} className={s.progress} />
          <span aria-hidden="true">{uploading ? percent(photo.progress) : 'Uploaded'}</span>
        </label>
      ) : null}
      {photo.error ? (
        <p id={errorId} className={s.tileErrorText}>
          {photo.error}
        </p>
      ) : null}
      <div className={s.tileActions}>
        {cover ? null : (
          <Button variant="ghost" size="sm" onClick={onCover} disabled={busy} aria-label={`Make photo ${index + 1} the cover`}>
            Make cover
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={busy && !photo.error} aria-label={`Remove photo ${index + 1}, ${photo.name}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
