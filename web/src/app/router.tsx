import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProductPage } from '../features/catalog/pages/product-page.tsx';
import { ProductsPage } from '../features/catalog/pages/products-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { ComingSoonPage } from './pages/coming-soon-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

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
      {
        path: 'signin',
        element: (
          <ComingSoonPage title="Sign in is coming soon" tabTitle="Sign in">
            Accounts arrive in the next release. Until then you can browse every product.
          </ComingSoonPage>
        ),
      },
      {
        path: 'signup',
        element: (
          <ComingSoonPage title="Sign up is coming soon" tabTitle="Sign up">
            Creating an account arrives in the next release. Until then you can browse every product.
          </ComingSoonPage>
        ),
      },
      {
        path: 'collaboration',
        element: (
          <ComingSoonPage title="Collaborations are coming soon" tabTitle="Collaboration">
            Influencers will soon be able to send us a collaboration enquiry from this page.
          </ComingSoonPage>
        ),
      },
      {
        path: 'auth/google/callback',
        element: (
          <ComingSoonPage title="Google sign-in is coming soon" tabTitle="Signing in">
            Signing in with Google arrives together with accounts in the next release.
          </ComingSoonPage>
        ),
      },
      {
        path: 'cart',
        element: (
          <ComingSoonPage title="Your cart is coming soon" tabTitle="Cart">
            The cart, coupons and totals arrive in the next release.
          </ComingSoonPage>
        ),
      },
      {
        path: 'profile',
        element: (
          <ComingSoonPage title="Your profile is coming soon" tabTitle="Profile">
            Your details, saved addresses and orders will live here.
          </ComingSoonPage>
        ),
      },
      {
        path: 'checkout',
        element: (
          <ComingSoonPage title="Checkout is coming soon" tabTitle="Checkout">
            Cash on delivery and online card payments arrive in the next release.
          </ComingSoonPage>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
