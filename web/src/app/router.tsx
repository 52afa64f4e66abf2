import { createBrowserRouter, type RouteObject } from 'react-router';
import { GoogleCallbackPage } from '../features/auth/pages/google-callback-page.tsx';
import { SignInPage } from '../features/auth/pages/sign-in-page.tsx';
import { SignUpPage } from '../features/auth/pages/sign-up-page.tsx';
import { ProductPage } from '../features/catalog/pages/product-page.tsx';
import { ProductsPage } from '../features/catalog/pages/products-page.tsx';
import { CollaborationPage } from '../features/collaboration/pages/collaboration-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { CartPage } from './pages/cart-page.tsx';
import { CheckoutPage } from './pages/checkout-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PoliciesPage } from './pages/policies-page.tsx';
import { ProfilePage } from './pages/profile-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { RequireSignedIn } from './require-signed-in.tsx';

/** Every route of the spec (§2), inside the shared layout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'products', element: <ProductsPage /> },
      { path: 'product/:id', element: <ProductPage /> },
      { path: 'signin', element: <SignInPage /> },
      { path: 'signup', element: <SignUpPage /> },
      { path: 'collaboration', element: <CollaborationPage /> },
      { path: 'policies', element: <PoliciesPage /> },
      { path: 'auth/google/callback', element: <GoogleCallbackPage /> },
      {
        path: 'cart',
        element: (
          <RequireSignedIn>
            <CartPage />
          </RequireSignedIn>
        ),
      },
      {
        path: 'profile',
        element: (
          <RequireSignedIn>
            <ProfilePage />
          </RequireSignedIn>
        ),
      },
      {
        path: 'checkout',
        element: (
          <RequireSignedIn>
            <CheckoutPage />
          </RequireSignedIn>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
