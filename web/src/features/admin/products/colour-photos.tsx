/**
 * A product's photos by colour: upload a photo to a colour, give each photo its colour (or
 * every colour's), reorder them, and save. The storefront shows a colour's photos first, then
 * the shared ones.
 */
import { colorGallery, colorName, type AdminProductDetail, type ColorPhoto } from '@shop/core';
import { useId, useRef, useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert } from '../../../components/form-field.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { useRefusedTokenEndsSession } from '../../../lib/api/refused-token.ts';
import { smallControlClass } from '../shared/form-controls.tsx';
import { failureText, notifyFailure, notifySuccess } from '../shared/notify.ts';
import { useSaveProductPhotosMutation } from './api.ts';
import { PictureListButtons } from './picture-list-buttons.tsx';
import { imageFileProblem, type UploadImage } from '../../../lib/upload-image.ts';

type StaffProduct = AdminProductDetail['product'];

/** The server's limit (`productPhotosBody`). */
const MAX_PHOTOS = 24;
const SHARED = '';

export function ColourPhotos({ product, uploadImage }: { product: StaffProduct; uploadImage: UploadImage }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [savePhotos] = useSaveProductPhotosMutation();
  const [photos, setPhotos] = useState<ColorPhoto[]>(() => product.photos.map((p) => ({ ...p })));
  const [uploadColor, setUploadColor] = useState(product.colors[0] ?? SHARED);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refusedTokenEndsSession = useRefusedTokenEndsSession();
  const dirty = JSON.stringify(photos) !== JSON.stringify(product.photos);

  function move(from: number, to: number) {
    const next = [...photos];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setPhotos(next);
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setProblem(imageFileProblem(file));
    if (imageFileProblem(file)) return;
    setUploading(true);
    try {
      const { url } = await uploadImage(file);
      setPhotos((list) => [...list.filter((p) => p.url !== url), { url, color: uploadColor || null }]);
    } catch (error) {
      refusedTokenEndsSession(error);
      setProblem(failureText(error, 'The image could not be uploaded. Please try again.'));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function save() {
    setSaving(true);
    setProblem(null);
    try {
      const saved = await savePhotos({ id: product._id, body: { photos } }).unwrap();
      setPhotos(saved.product.photos.map((p) => ({ ...p })));
      notifySuccess('Photos saved');
    } catch (error) {
      setProblem(failureText(error, 'Could not save the photos.'));
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  }

  const colorChoice = (value: string, onChange: (color: string) => void, label: string, controlId?: string) => (
    <select
      id={controlId}
      value={value}
      aria-label={controlId ? undefined : label}
      onChange={(e) => onChange(e.target.value)}
      className={smallControlClass}
    >
      <option value={SHARED}>Every colour</option>
      {product.colors.map((c) => (
        <option key={c} value={c}>
          {colorName(c)}
        </option>
      ))}
    </select>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Photos by colour
      </h2>
      <p className="mb-4 text-xs text-muted">
        A colour shows its own photos first, then those of every colour. The first photo of the first colour is the one
        lists show.
      </p>
      {photos.length === 0 ? (
        <p className="mb-4 text-sm text-muted">No photos yet.</p>
      ) : (
        <ol className="mb-4 grid gap-2 md:grid-cols-2" aria-label="Photos and their colours">
          {photos.map((photo, index) => {
            const n = index + 1;
            return (
              <li key={photo.url} className="flex items-center gap-3 rounded-xl border border-line p-2">
                <ItemImage src={photo.url} alt={`Photo ${n}`} className="w-12 shrink-0" />
                <div className="max-w-48 min-w-0 flex-1">
                  {colorChoice(
                    photo.color ?? SHARED,
                    (color) => setPhotos(photos.map((p, i) => (i === index ? { ...p, color: color || null } : p))),
                    `Colour of photo ${n}`,
                  )}
                </div>
                <PictureListButtons
                  noun="photo"
                  index={index}
                  count={photos.length}
                  onMove={move}
                  onRemove={() => setPhotos(photos.filter((_, i) => i !== index))}
                />
              </li>
            );
          })}
        </ol>
      )}
      {product.colors.length > 0 && photos.length > 0 && (
        <p className="mb-4 text-xs text-muted">
          {product.colors.map((c) => `${colorName(c)}: ${colorGallery(photos, c).length} photos`).join(' · ')}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <label htmlFor={`${id}-color`} className="mb-1 block text-xs text-muted">
            Upload to
          </label>
          {colorChoice(uploadColor, setUploadColor, 'Upload to', `${id}-color`)}
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-xs text-muted">
            Photo (JPEG, PNG or WebP up to 2 MB)
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={uploading || photos.length >= MAX_PHOTOS}
            onChange={(e) => void upload(e.target.files?.[0])}
            className="block w-full text-sm text-muted file:mr-3 file:h-10 file:rounded-full file:border file:border-ink/20 file:bg-white file:px-4 file:text-sm file:font-medium file:text-ink hover:file:border-ink"
          />
        </div>
        <p role="status" className="text-xs text-muted">
          {uploading ? 'Uploading…' : ''}
        </p>
        <button
          type="button"
          className={buttonClass('primary', 'md', 'ml-auto w-full sm:w-auto')}
          disabled={saving || !dirty}
          onClick={save}
        >
          {saving ? 'Saving…' : 'Save photos'}
        </button>
      </div>
      <FormAlert message={problem} />
    </section>
  );
}
