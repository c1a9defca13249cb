import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PHOTOS, PHOTO_MAX_BYTES } from '../constants.ts';
import { UPLOAD_TEXTS } from '../texts.ts';
import { checkPhotoFiles, moveItem, PHOTO_ACCEPT, serverPhotoErrors } from './photo-checks.ts';
import { PhotoPicker, type PickerPhoto } from './photo-picker.tsx';

afterEach(cleanup);

const file = (name: string, type = 'image/jpeg', bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('the browser’s check of chosen photos', () => {
  it('refuses what is not an image the server reads, too big or past the limit, naming each file in the server’s words', () => {
    const { accepted, rejected } = checkPhotoFiles(
      [file('a.jpg'), file('notes.txt', 'text/plain'), file('big.png', 'image/png', PHOTO_MAX_BYTES + 1), file('IMG_0001.HEIC', ''), file('b.webp', 'image/webp'), file('c.png', 'image/png'), file('d.gif', 'image/gif')],
      MAX_PHOTOS - 3,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.webp', 'c.png']);
    expect(rejected).toEqual([
      { name: 'notes.txt', message: UPLOAD_TEXTS.photoType('notes.txt') },
      { name: 'big.png', message: UPLOAD_TEXTS.photoTooLarge('big.png') },
      { name: 'IMG_0001.HEIC', message: UPLOAD_TEXTS.photoHeic('IMG_0001.HEIC') },
      { name: 'd.gif', message: 'd.gif was not added: a listing can have at most 10 photos.' },
    ]);
    // HEIC is not offered, so an iPhone hands over a JPEG copy.
    expect(PHOTO_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp');
  });

  it('moves one entry of a list', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('puts a server message that names a file beside that file, the rest for the whole picker', () => {
    const error = { status: 400, data: { message: 'Some photos could not be used.', errors: [{ field: 'photos', message: 'scan.png could not be read as an image.' }] } };
    const { byName, general } = serverPhotoErrors(error, ['room.jpg', 'scan.png']);
    expect([...byName]).toEqual([['scan.png', 'scan.png could not be read as an image.']]);
    expect(general).toBe('Some photos could not be used.');
    // A long name, as the server shortens it.
    const long = `${'a'.repeat(90)}.jpg`;
    const cut = { status: 415, data: { message: UPLOAD_TEXTS.photoType(`${long.slice(0, 77)}…`) } };
    expect([...serverPhotoErrors(cut, ['room.jpg', long]).byName.keys()]).toEqual([long]);
    expect(serverPhotoErrors({ status: 413, data: { message: 'The upload is too large.' } }, ['room.jpg'])).toEqual({ byName: new Map(), general: 'The upload is too large.' });
    // A refusal of other fields is not the picker's: the form shows it at those fields.
    const zip = { status: 400, data: { message: 'Some fields are missing or invalid.', errors: [{ field: 'ZipCode', message: 'ZipCode must be at most 12 characters.' }] } };
    expect(serverPhotoErrors(zip, ['room.jpg'])).toEqual({ byName: new Map(), general: null });
    const part = { status: 400, data: { message: 'Some fields are missing or invalid.', errors: [{ field: 'roomImages', message: 'At most 10 photos.' }] } };
    expect(serverPhotoErrors(part, ['room.jpg']).general).toBe('At most 10 photos.');
  });
});

function Harness({ initial }: { initial: PickerPhoto[] }) {
  const [photos, setPhotos] = useState(initial);
  return (
    <PhotoPicker
      photos={photos}
      rejected={[]}
      onAdd={() => {}}
      onMove={(from, to) => setPhotos((list) => moveItem(list, from, to))}
      onRemove={(key) => setPhotos((list) => list.filter((p) => p.key !== key))}
      onDismissRejected={() => {}}
    />
  );
}
const four = ['hall', 'kitchen', 'bedroom', 'garden'].map((name) => ({ key: name, name: `${name}.jpg`, src: `/${name}.jpg` }));
const order = () => screen.getAllByRole('button', { name: /^Photo \d of \d:/ }).map((b) => b.getAttribute('aria-label'));

describe('photo picker', () => {
  it('moves the focused photo with the arrow keys, Home and End, keeps the focus on it and announces each move', async () => {
    const user = userEvent.setup();
    render(<Harness initial={four} />);
    expect(screen.getByRole('list', { name: 'Photos, 4 of 10' })).toBeTruthy();
    expect(order()[0]).toBe('Photo 1 of 4: hall.jpg, the cover');
    screen.getByRole('button', { name: 'Photo 2 of 4: kitchen.jpg' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(order()).toEqual(['Photo 1 of 4: kitchen.jpg, the cover', 'Photo 2 of 4: hall.jpg', 'Photo 3 of 4: bedroom.jpg', 'Photo 4 of 4: garden.jpg']);
    expect(screen.getByText('Photo 2 moved to position 1. It is now the cover.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Photo 1 of 4: kitchen.jpg, the cover');
    await user.keyboard('{End}');
    expect(order()[3]).toBe('Photo 4 of 4: kitchen.jpg');
    expect(screen.getByText('Photo 1 moved to position 4.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Photo 4 of 4: kitchen.jpg');
    await user.keyboard('{ArrowDown}'); // already last: nothing moves
    expect(order()[3]).toBe('Photo 4 of 4: kitchen.jpg');
    await user.keyboard('{ArrowUp}{Home}');
    expect(order()[0]).toBe('Photo 1 of 4: kitchen.jpg, the cover');
  });

  it('marks the cover, makes another the cover and removes one', async () => {
    const user = userEvent.setup();
    render(<Harness initial={four} />);
    expect(screen.getAllByText('Cover')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Make photo 1 the cover' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(order()[0]).toBe('Photo 1 of 4: bedroom.jpg, the cover');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1, bedroom.jpg' }));
    expect(order()).toEqual(['Photo 1 of 3: hall.jpg, the cover', 'Photo 2 of 3: kitchen.jpg', 'Photo 3 of 3: garden.jpg']);
  });

  it('shows each upload’s progress and a refused file’s reason tied to it', () => {
    render(
      <PhotoPicker
        photos={[
          { key: 'a', name: 'a.jpg', src: '/a.jpg', progress: 0.4 },
          { key: 'b', name: 'b.png', src: '/b.png', error: 'b.png could not be read as an image.' },
        ]}
        rejected={[]}
        onAdd={() => {}}
        onMove={() => {}}
        onRemove={() => {}}
        onDismissRejected={() => {}}
      />,
    );
    expect((screen.getByRole('progressbar', { name: 'Uploading a.jpg' }) as HTMLProgressElement).value).toBe(0.4);
    expect(screen.getByText('40%')).toBeTruthy();
    const b = screen.getByRole('button', { name: 'Photo 2 of 2: b.png' });
    expect(screen.getByText('b.png could not be read as an image.').id).toBe(b.getAttribute('aria-describedby'));
  });
});
