import { responsiveImage } from '@shop/core';
import { useState, type PointerEvent } from 'react';
import { preload } from 'react-dom';
import { ProductImage } from './product-image.tsx';

/** The main image fills the page's first column: half the page from 768 px, all of it below. */
const mainSizes = '(min-width: 768px) 50vw, 100vw';
const thumbnailSizes = '80px';

/** Asks the browser for the product's first image with the page (a <link rel="preload"> when rendered on the server). */
function preloadFirstImage(src: string | undefined) {
  if (!src) return;
  const responsive = responsiveImage(src);
  const avif = responsive?.sources[0];
  // A browser that does not take AVIF skips a preload of that type; it then finds the WebP or JPEG in the page.
  if (avif)
    preload(src, {
      as: 'image',
      imageSrcSet: avif.srcSet,
      imageSizes: mainSizes,
      type: avif.type,
      fetchPriority: 'high',
    });
  else preload(src, { as: 'image', fetchPriority: 'high' });
}

interface ProductGalleryProps {
  images: readonly string[];
  name: string;
}

/**
 * Thumbnails and a main image that zooms to 2x around the pointer (mouse and pen only;
 * on touch the image simply stays put).
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const index = selected < images.length ? selected : 0;
  const main = images[index];
  preloadFirstImage(images[0]);

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'touch') return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setZoom({ x: Math.min(100, Math.max(0, x)), y: Math.min(100, Math.max(0, y)) });
  }

  return (
    // Top-aligned, never stretched to the height of the details beside it: the main box keeps
    // the pictures' 4:5 ratio (reserved before the picture loads, so nothing shifts). The
    // thumbnails stand beside the picture only from 1024 px: in a tablet's half-width column a
    // strip of them beside it would shrink the picture to a stamp.
    <div className="flex flex-col gap-4 md:self-start lg:flex-row-reverse lg:items-start">
      <div
        className="relative aspect-[4/5] w-full overflow-hidden rounded-2xl bg-sand md:cursor-zoom-in lg:min-w-0 lg:flex-1"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setZoom(null)}
        data-testid="product-zoom"
      >
        <ProductImage
          src={main}
          alt={images.length > 1 ? `${name}, image ${index + 1} of ${images.length}` : name}
          sizes={mainSizes}
          width={800}
          height={1000}
          fetchPriority="high"
          // Contained, never cropped: a photo of another shape shows whole, on the sand behind it.
          className="h-full w-full object-contain transition-transform duration-200 ease-out"
          style={{
            transform: zoom ? 'scale(2)' : 'scale(1)',
            transformOrigin: zoom ? `${zoom.x}% ${zoom.y}%` : 'center',
          }}
        />
      </div>

      {images.length > 1 && (
        <ul
          className="flex gap-3 overflow-x-auto pb-1 lg:w-20 lg:flex-col lg:overflow-visible lg:pb-0"
          aria-label="Product images"
        >
          {images.map((src, i) => (
            <li key={`${src}-${i}`} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === index}
                onClick={() => setSelected(i)}
                className={`block w-16 overflow-hidden rounded-lg border-2 transition lg:w-20 ${
                  i === index ? 'border-ink' : 'border-transparent opacity-70 hover:opacity-100'
                }`}
              >
                <ProductImage
                  src={src}
                  alt=""
                  sizes={thumbnailSizes}
                  width={80}
                  height={100}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/5] h-auto w-full bg-sand object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
