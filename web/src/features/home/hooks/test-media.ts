/** Test helper: makes `matchMedia('(prefers-reduced-motion: reduce)')` answer `reduce`. */
export function mockReducedMotion(reduce: boolean) {
  const list = {
    matches: reduce,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: () => {},
    removeEventListener: () => {},
  } as unknown as MediaQueryList;
  vi.stubGlobal('matchMedia', () => list);
  return () => vi.unstubAllGlobals();
}
