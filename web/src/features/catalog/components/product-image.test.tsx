import { act, fireEvent, render, screen } from '@testing-library/react';
import { PLACEHOLDER_IMAGE } from '../../../components/placeholder-image.ts';
import { ProductImage } from './product-image.tsx';

describe('ProductImage', () => {
  it('offers an uploaded photo as AVIF, WebP and JPEG variants at the width the layout needs', () => {
    const { container } = render(<ProductImage src="/uploads/AbCdEfGhIjKlMnOp_-12.png" sizes="50vw" alt="" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const source of sources) expect(source.getAttribute('sizes')).toBe('50vw');
    expect(sources[0]!.getAttribute('srcset')).toContain('/uploads/AbCdEfGhIjKlMnOp_-12.w320.avif 320w');
    expect(sources[1]!.getAttribute('srcset')).toContain('/uploads/AbCdEfGhIjKlMnOp_-12.w1600.webp 1600w');
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe('/uploads/AbCdEfGhIjKlMnOp_-12.png');
    expect(img.getAttribute('srcset')).toContain('/uploads/AbCdEfGhIjKlMnOp_-12.w640.jpg 640w');
    expect(img.getAttribute('sizes')).toBe('50vw');
  });

  it('shows a drawn illustration as it is', () => {
    const { container } = render(<ProductImage src="/images/products/shirt--white--front.svg" sizes="50vw" alt="" />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/products/shirt--white--front.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });

  it.each([
    ['an uploaded photo', '/uploads/AbCdEfGhIjKlMnOp_-12.png'],
    ['a drawn illustration', '/images/products/shirt--white--front.svg'],
  ])('shows the shop’s placeholder picture when %s fails to load', (_, src) => {
    render(<ProductImage src={src} sizes="50vw" alt="Oxford Shirt" className="h-full" />);
    fireEvent.error(screen.getByRole('img', { name: 'Oxford Shirt' }));
    const fallback = screen.getByRole('img', { name: 'Oxford Shirt' });
    expect(fallback.tagName).toBe('IMG');
    expect(fallback).toHaveAttribute('src', PLACEHOLDER_IMAGE);
    expect(fallback).toHaveClass('h-full');
  });

  describe('where the browser can say whether an image decodes', () => {
    afterEach(() => {
      delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
    });

    it('keeps the photo when an error event was passing: the load on its way decodes', async () => {
      HTMLImageElement.prototype.decode = () => Promise.resolve();
      render(<ProductImage src="/uploads/AbCdEfGhIjKlMnOp_-12.png" sizes="50vw" alt="Oxford Shirt" />);
      fireEvent.error(screen.getByRole('img', { name: 'Oxford Shirt' }));
      await act(() => Promise.resolve());
      expect(screen.getByRole('img', { name: 'Oxford Shirt' })).toHaveAttribute(
        'src',
        '/uploads/AbCdEfGhIjKlMnOp_-12.png',
      );
    });

    it('shows the placeholder when the image really has nothing to show', async () => {
      HTMLImageElement.prototype.decode = () => Promise.reject(new DOMException('broken', 'EncodingError'));
      render(<ProductImage src="/uploads/AbCdEfGhIjKlMnOp_-12.png" sizes="50vw" alt="Oxford Shirt" />);
      const img = screen.getByRole('img', { name: 'Oxford Shirt' });
      // What a browser reports for an image it gave up on (jsdom loads none).
      Object.defineProperties(img, {
        complete: { value: true },
        naturalWidth: { value: 0 },
        currentSrc: { value: 'http://shop.test/uploads/AbCdEfGhIjKlMnOp_-12.w640.avif' },
      });
      fireEvent.error(img);
      await act(() => Promise.resolve());
      expect(screen.getByRole('img', { name: 'Oxford Shirt' })).toHaveAttribute('src', PLACEHOLDER_IMAGE);
    });
  });
});
