import { DEFAULT_CATEGORY, sampleItems, type Category, type SampleItem } from './data.ts';

/** `count` different items picked at random (a partial Fisher–Yates shuffle). */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const index = Math.min(pool.length - 1, Math.floor(random() * pool.length));
    picked.push(pool.splice(index, 1)[0]!);
  }
  return picked;
}

/** Spec §2: the default category shows all six sample items; any other, three at random. */
export function itemsForCategory(category: Category, random: () => number = Math.random): SampleItem[] {
  return category === DEFAULT_CATEGORY ? [...sampleItems] : pickRandom(sampleItems, 3, random);
}
