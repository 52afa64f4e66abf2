import '@testing-library/jest-dom/vitest';
import { unstubbedRequests } from './fake-api.ts';

// jsdom has no layout: give the few browser calls the app makes a harmless stand-in.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The app may have caught the error thrown at the call: the test fails here all the same.
  const unstubbed = unstubbedRequests.splice(0);
  if (unstubbed.length > 0) {
    throw new Error(`The app called routes this test's fake API does not stub: ${unstubbed.join(', ')}`);
  }
});
