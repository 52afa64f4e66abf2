/**
 * /admin/products/new and /admin/products/:id: the product form; an existing product also
 * shows whether shoppers see it (with Hide/Unhide), its variant grid, its photos by colour and
 * its history.
 */
import type { Product } from '@shop/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { AuditTrail } from '../shared/audit-trail.tsx';
import { AdminPageHeader, ErrorState, LoadingState } from '../shared/admin-page.tsx';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { Badge } from '../shared/status-badge.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetAdminProductQuery, useSetProductVisibilityMutation } from './api.ts';
import { ColourPhotos } from './colour-photos.tsx';
import { ProductEditor } from './product-editor.tsx';
import { VariantGrid } from './variant-grid.tsx';
import { uploadProductImage, type UploadImage } from '../../../lib/upload-image.ts';

interface AdminProductEditPageProps {
  /** How files are uploaded; tests pass their own. */
  uploadImage?: UploadImage;
}

/** Create (no :id) or edit a product. */
export function AdminProductEditPage({ uploadImage = uploadProductImage }: AdminProductEditPageProps) {
  const { id } = useParams();
  // Keyed, so moving from "new" to the created product (same element) starts afresh.
  return id ? (
    <EditProduct key={id} id={id} uploadImage={uploadImage} />
  ) : (
    <CreateProduct key="new" uploadImage={uploadImage} />
  );
}

const backLink = (
  <Link to="/admin/products" className={buttonClass('ghost', 'sm')}>
    ← All products
  </Link>
);

function CreateProduct({ uploadImage }: { uploadImage: UploadImage }) {
  const navigate = useNavigate();
  function created(product: Product) {
    notifySuccess('Product created');
    navigate(`/admin/products/${encodeURIComponent(product._id)}`);
  }
  return (
    <>
      <AdminPageHeader title="New product" actions={backLink} />
      <ProductEditor product={null} uploadImage={uploadImage} onSaved={created} />
    </>
  );
}

function EditProduct({ id, uploadImage }: { id: string; uploadImage: UploadImage }) {
  const detail = asResource(useGetAdminProductQuery(id));
  const [setProductVisibility] = useSetProductVisibilityMutation();
  const [switching, setSwitching] = useState(false);

  if (!detail.data) {
    return (
      <>
        <AdminPageHeader title="Product" actions={backLink} />
        {detail.error ? (
          <ErrorState
            message={detail.error.message}
            onRetry={detail.error.status === 404 ? undefined : detail.reload}
            retrying={detail.loading}
          />
        ) : (
          <LoadingState label="Loading the product…" />
        )}
      </>
    );
  }

  const { product, audit } = detail.data;

  async function toggleVisibility() {
    setSwitching(true);
    try {
      await setProductVisibility({ id: product._id, isActive: !product.isActive }).unwrap();
      notifySuccess(product.isActive ? 'Product hidden from the shop' : 'Product back in the shop');
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <>
      <AdminPageHeader
        title={product.name}
        tabTitle={`Edit ${product.name}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {product.isActive ? (
              <Badge tone="success">Active</Badge>
            ) : (
              <Badge tone="neutral">Hidden from shoppers</Badge>
            )}
            {product.isActive && (
              <Link to={`/product/${encodeURIComponent(product._id)}`} className="underline underline-offset-2">
                View in the shop
              </Link>
            )}
          </span>
        }
        actions={
          <>
            {backLink}
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={switching}
              onClick={toggleVisibility}
            >
              {product.isActive ? 'Hide product' : 'Unhide product'}
            </button>
          </>
        }
      />
      {detail.error && <ErrorState className="mb-6" message={detail.error.message} onRetry={detail.reload} />}
      <ProductEditor product={product} uploadImage={uploadImage} onSaved={() => notifySuccess('Product updated')} />
      {/* Each starts again from the product as stored once it changes (a save here or elsewhere). */}
      <div className="mt-8 space-y-8">
        <VariantGrid key={`grid ${product.updatedAt}`} product={product} />
        <ColourPhotos key={`photos ${product.updatedAt}`} product={product} uploadImage={uploadImage} />
      </div>
      <div className="mt-8 rounded-2xl border border-line bg-white p-4 sm:p-6">
        <AuditTrail entries={audit} />
      </div>
    </>
  );
}
