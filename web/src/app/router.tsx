import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { HomePage } from './pages/home-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { RequireSignedIn } from './require-signed-in.tsx';

/**
 * A page loaded when first visited: the home page ships with the app, every other page is
 * its own chunk, so the first visit downloads only what it shows.
 */
function page(load: () => Promise<ComponentType>, options: { signedIn?: boolean } = {}): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
      return {
        Component: options.signedIn
          ? () => (
              <RequireSignedIn>
                <Page />
              </RequireSignedIn>
            )
          : Page,
      };
    },
  };
}

/** Every route of the spec (§2), and the staff area (issue #8), inside the shared layout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'products',
        ...page(async () => (await import('../features/catalog/pages/products-page.tsx')).ProductsPage),
      },
      {
        path: 'product/:id',
        ...page(async () => (await import('../features/catalog/pages/product-page.tsx')).ProductPage),
      },
      { path: 'signin', ...page(async () => (await import('../features/auth/pages/sign-in-page.tsx')).SignInPage) },
      { path: 'signup', ...page(async () => (await import('../features/auth/pages/sign-up-page.tsx')).SignUpPage) },
      {
        path: 'forgot-password',
        ...page(async () => (await import('../features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage),
      },
      {
        path: 'reset-password',
        ...page(async () => (await import('../features/auth/pages/reset-password-page.tsx')).ResetPasswordPage),
      },
      {
        path: 'verify-email',
        ...page(async () => (await import('../features/auth/pages/verify-email-page.tsx')).VerifyEmailPage),
      },
      {
        path: 'cod-confirmation',
        ...page(async () => (await import('../features/orders/pages/cod-confirmation-page.tsx')).CodConfirmationPage),
      },
      {
        path: 'collaboration',
        ...page(async () => (await import('../features/collaboration/pages/collaboration-page.tsx')).CollaborationPage),
      },
      { path: 'policies', ...page(async () => (await import('./pages/policies-page.tsx')).PoliciesPage) },
      { path: 'seller', ...page(async () => (await import('../features/legal/pages/seller-page.tsx')).SellerPage) },
      { path: 'privacy', ...page(async () => (await import('../features/legal/pages/privacy-page.tsx')).PrivacyPage) },
      {
        path: 'complaints',
        ...page(async () => (await import('../features/legal/pages/complaint-page.tsx')).ComplaintPage),
      },
      {
        path: 'complaints/:ticket',
        ...page(async () => (await import('../features/legal/pages/ticket-page.tsx')).TicketPage),
      },
      {
        path: 'auth/google/callback',
        ...page(async () => (await import('../features/auth/pages/google-callback-page.tsx')).GoogleCallbackPage),
      },
      { path: 'cart', ...page(async () => (await import('./pages/cart-page.tsx')).CartPage, { signedIn: true }) },
      {
        path: 'profile',
        ...page(async () => (await import('./pages/profile-page.tsx')).ProfilePage, { signedIn: true }),
      },
      {
        path: 'checkout',
        ...page(async () => (await import('./pages/checkout-page.tsx')).CheckoutPage, { signedIn: true }),
      },
      {
        // Only the door (require-admin.tsx) loads with the route; the staff pages load once
        // the door lets an admin through, so a shopper's browser never downloads staff code.
        path: 'admin/*',
        lazy: async () => ({ Component: (await import('../features/admin/index.ts')).AdminArea }),
      },
      { path: '*', ...page(async () => (await import('./pages/not-found-page.tsx')).NotFoundPage) },
    ],
  },
];
