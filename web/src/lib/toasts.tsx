import { useEffect, useSyncExternalStore } from 'react';
import type { ToastContent, ToastOptions } from 'react-toastify';

/** Auto-close times per flow (spec §1, §9). */
export const toastDurations = {
  signIn: 5000,
  orders: 3000,
  product: 2500,
} as const;

/*
 * react-toastify (about 10 KB gzip) is fetched with the first toast rather than with the page:
 * most visits show none, and the home page must stay within its JavaScript budget. Toasts
 * raised before a container is on the page wait for it.
 */
const loadToastify = () => import('react-toastify');

let loadedToastify: Awaited<ReturnType<typeof loadToastify>> | null = null;
let containerRequested = false;
const containerListeners = new Set<() => void>();
let mountedContainers = 0;
let waitingToasts: Array<() => void> = [];

function subscribeToContainer(listener: () => void) {
  containerListeners.add(listener);
  return () => containerListeners.delete(listener);
}

function requestContainer() {
  if (containerRequested) return;
  containerRequested = true;
  void loadToastify().then((toastify) => {
    loadedToastify = toastify;
    containerListeners.forEach((listener) => listener());
  });
}

function containerMounted() {
  mountedContainers += 1;
  const waiting = waitingToasts;
  waitingToasts = [];
  waiting.forEach((raise) => raise());
  return () => {
    mountedContainers -= 1;
  };
}

function show(kind: 'success' | 'info' | 'warn' | 'error', content: ToastContent, options?: ToastOptions) {
  // Always after the current commit: in development StrictMode mounts a new container a
  // second time at once, and a toast handed to the first one would be lost.
  const raise = () => void loadToastify().then(({ toast: toastify }) => toastify[kind](content, options));
  if (mountedContainers > 0) return raise();
  waitingToasts.push(raise);
  requestContainer();
}

/** The app's toasts: react-toastify's calls, loading it on first use. Import toasts from here only. */
export const toast = {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
  warn: (content: ToastContent, options?: ToastOptions) => show('warn', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
};

/** Tells the toasts above that a container is on the page. */
function ContainerMounted() {
  useEffect(containerMounted, []);
  return null;
}

/**
 * Toasts appear top-right, pause on hover and on focus loss; react-toastify's default
 * hot key (Alt+T) focuses them. Nothing is rendered, or fetched, until the first toast.
 */
export function AppToasts() {
  const toastify = useSyncExternalStore(
    subscribeToContainer,
    () => loadedToastify,
    () => null,
  );
  if (!toastify) return null;
  return (
    <>
      <toastify.ToastContainer
        position="top-right"
        autoClose={toastDurations.orders}
        pauseOnHover
        pauseOnFocusLoss
        closeOnClick
        newestOnTop
        theme="light"
      />
      <ContainerMounted />
    </>
  );
}
