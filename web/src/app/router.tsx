import { createBrowserRouter, type RouteObject } from 'react-router';
import { GoogleCallbackPage } from '../features/auth/pages/google-callback-page.tsx';
import { SignInPage } from '../features/auth/pages/sign-in-page.tsx';
import { SignUpPage } from '../features/auth/pages/sign-up-page.tsx';
import { ProductPage } from '../features/catalog/pages/product-page.tsx';
import { ProductsPage } from '../features/catalog/pages/products-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { ComingSoonPage } from './pages/coming-soon-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
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
      {
        path: 'collaboration',
        element: (
          <ComingSoonPage title="Collaborations are coming soon" tabTitle="Collaboration">
            Influencers will soon be able to send us a collaboration enquiry from this page.
          </ComingSoonPage>
        ),
      },
      { path: 'auth/google/callback', element: <GoogleCallbackPage /> },
      {
        path: 'cart',
        element: (
          <RequireSignedIn>
            <ComingSoonPage title="Your cart is coming soon" tabTitle="Cart">
              The cart, coupons and totals arrive in the next release.
            </ComingSoonPage>
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
            <ComingSoonPage title="Checkout is coming soon" tabTitle="Checkout">
              Cash on delivery and online card payments arrive in the next release.
            </ComingSoonPage>
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
