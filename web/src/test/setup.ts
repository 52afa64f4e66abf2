import '@testing-library/jest-dom/vitest';

// jsdom has no layout: give the few browser calls the app makes a harmless stand-in.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
