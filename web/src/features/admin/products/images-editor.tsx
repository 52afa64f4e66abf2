/**
 * A product's images: upload a file or add an address, see each as a thumbnail, reorder and
 * remove them. The first image is the one lists and cards show.
 */
import { productCreateBody } from '@shop/core';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert } from '../../../components/form-field.tsx';
import { useRefusedTokenEndsSession } from '../../../lib/api/refused-token.ts';
import { ItemImage } from '../../../components/item-image.tsx';
import { failureText } from '../shared/notify.ts';
import { FieldMessage, smallControlClass } from '../shared/form-controls.tsx';
import { PictureListButtons } from './picture-list-buttons.tsx';
import { imageFileProblem, type UploadImage } from '../../../lib/upload-image.ts';

/** The server's limit (`productCreateBody.images`). */
const MAX_IMAGES = 8;

/** One image address, by the server's own rule. */
const imageUrlSchema = productCreateBody.shape.images.unwrap().element;

interface ImagesEditorProps {
  images: readonly string[];
  onChange: (images: string[]) => void;
  uploadImage: UploadImage;
  /** Messages about the list (`images`) and its entries (`images.2`). */
  errorFor: (path: string) => string | undefined;
}

export function ImagesEditor({ images, onChange, uploadImage, errorFor }: ImagesEditorProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>(undefined);
  const refusedTokenEndsSession = useRefusedTokenEndsSession();
  const full = images.length >= MAX_IMAGES;

  function add(address: string): string | undefined {
    if (images.includes(address)) return 'This image is already in the list.';
    if (full) return `A product has at most ${MAX_IMAGES} images.`;
    onChange([...images, address]);
    return undefined;
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    const problem = imageFileProblem(file);
    if (problem) {
      setUploadError(problem);
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setUploading(true);
    try {
      const { url: uploaded } = await uploadImage(file);
      setUploadError(add(uploaded) ?? null);
    } catch (error) {
      refusedTokenEndsSession(error);
      setUploadError(failureText(error, 'The image could not be uploaded. Please try again.'));
    } finally {
      setUploading(false);
      // The same file may be chosen again after a failure.
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  function addUrl() {
    const address = url.trim();
    if (address === '') {
      setUrlError('Paste an image address first.');
      return;
    }
    const checked = imageUrlSchema.safeParse(address);
    if (!checked.success) {
      setUrlError(`The address ${checked.error.issues[0]?.message ?? 'is not valid'}.`);
      return;
    }
    const problem = add(address);
    setUrlError(problem);
    if (!problem) setUrl('');
  }

  function onUrlKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the address rather than sending the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addUrl();
    }
  }

  function move(from: number, to: number) {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  }

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium">Images</legend>
      <p className="mb-3 text-xs text-muted">
        JPEG, PNG or WebP up to 2 MB and 40 megapixels, or an address (a site path or https). The first image is the
        main one.
      </p>

      {images.length > 0 && (
        <ol className="mb-4 space-y-2" aria-label="Product images">
          {images.map((image, index) => {
            const n = index + 1;
            return (
              <li key={image} className="flex items-center gap-3 rounded-xl border border-line p-2">
                <ItemImage src={image} alt={`Image ${n}${index === 0 ? ' (main)' : ''}`} className="w-12" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-xs text-muted" title={image}>
                    {index === 0 && <span className="mr-1 font-semibold text-ink">Main ·</span>}
                    {image}
                  </p>
                  <FieldMessage message={errorFor(`images.${index}`)} />
                </div>
                <PictureListButtons
                  noun="image"
                  index={index}
                  count={images.length}
                  onMove={move}
                  onRemove={() => onChange(images.filter((_, i) => i !== index))}
                />
              </li>
            );
          })}
        </ol>
      )}
      <FieldMessage message={errorFor('images')} />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium">
            Upload an image
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={uploading || full}
            onChange={(event) => void upload(event.target.files?.[0])}
            className="block w-full text-sm text-muted file:mr-3 file:h-10 file:rounded-full file:border file:border-ink/20 file:bg-white file:px-4 file:text-sm file:font-medium file:text-ink hover:file:border-ink"
          />
          <p role="status" className="mt-1.5 text-xs text-muted">
            {uploading ? 'Uploading…' : ''}
          </p>
          <FormAlert message={uploadError} />
        </div>
        <div>
          <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm font-medium">
            Image address
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-url`}
              type="text"
              inputMode="url"
              autoComplete="off"
              value={url}
              placeholder="/uploads/… or /images/products/…"
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${id}-url-error` : undefined}
              disabled={full}
              onChange={(event) => {
                setUrl(event.target.value);
                setUrlError(undefined);
              }}
              onKeyDown={onUrlKeyDown}
              className={smallControlClass}
            />
            <button
              type="button"
              className={buttonClass('secondary', 'sm', 'h-10 shrink-0')}
              onClick={addUrl}
              disabled={full}
            >
              Add image
            </button>
          </div>
          <FieldMessage id={`${id}-url-error`} message={urlError} />
        </div>
      </div>
      {full && <p className="mt-2 text-xs text-muted">{`That is the most a product can have (${MAX_IMAGES}).`}</p>}
    </fieldset>
  );
}
