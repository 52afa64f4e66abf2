import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { addSampleContent } from '../../modules/home/home.service.ts';

/** The specification's three deals: they all run three days from the first start (demo mode renews them). */
const sampleDeals = [
  { title: 'Spring Sale', discountText: '30% OFF', link: '/products?collection=mens-clothing' },
  { title: 'Summer Breeze', discountText: '25% OFF', link: '/products?collection=mens-clothing' },
  { title: 'Holiday Special', discountText: '40% OFF', link: '/products?collection=mens-clothing' },
];
const SAMPLE_DEAL_DAYS = 3;

/** The specification's five testimonials: written for the demo, so marked (and shown) as samples. */
const sampleTestimonials = [
  {
    name: 'Arjun Mehta',
    role: 'Product designer, Bengaluru',
    text: 'The Oxford shirt fits like it was made for me. Three washes in and it still looks new. Cash on delivery made the first order an easy yes.',
    rating: 5,
  },
  {
    name: 'Rohan Iyer',
    role: 'College student, Chennai',
    text: 'Great tees for the price and the cotton breathes in Chennai heat. Delivery took a day longer than promised, but support kept me posted.',
    rating: 4,
  },
  {
    name: 'Kabir Singh',
    role: 'Architect, Delhi',
    text: 'I wore the linen kurta to my cousin’s mehndi and got asked where it was from all evening. Simple, well cut, and properly finished inside.',
    rating: 5,
  },
  {
    name: 'Vikram Nair',
    role: 'Sales manager, Kochi',
    text: 'The hoodie is warm and soft, though the sleeves run a little long. Sizing help on chat sorted me out quickly for the next one.',
    rating: 3,
  },
  {
    name: 'Sameer Khan',
    role: 'Photographer, Mumbai',
    text: 'Ordered a cap and two polos on a Monday, had them by Thursday. Colours are exactly as shown, which is rarer than it should be.',
    rating: 4,
  },
];

/** The demo catalogue's product the specials banner features. */
const FEATURED_SLUG = 'brushed-flannel-overshirt';

const SEEDED_MARKER = 'home_seeded_at';

/**
 * Writes the demo home page once (a marker row makes it a no-op after), in one transaction:
 * the sample deals and testimonials, and the featured product when the catalogue has it. Only
 * beside the demo catalogue seeded in the same start (`withSamples`): a shop that already sells
 * its own catalogue and upgrades gets the marker alone, never sample deals counting down on its
 * home page. Returns the number of rows written.
 */
export async function seedHome(
  db: Kysely<Database>,
  { withSamples }: { withSamples: boolean },
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx.selectFrom('app_meta').select('value').where('key', '=', SEEDED_MARKER).executeTakeFirst();
    if (marker) return 0;
    if (!withSamples) {
      await trx.insertInto('app_meta').values({ key: SEEDED_MARKER, value: now.toISOString() }).execute();
      return 0;
    }
    const featured = await trx.selectFrom('products').select('id').where('slug', '=', FEATURED_SLUG).executeTakeFirst();
    const written = await addSampleContent(
      trx,
      {
        deals: sampleDeals,
        dealDays: SAMPLE_DEAL_DAYS,
        testimonials: sampleTestimonials,
        featuredProductId: featured?.id ?? null,
      },
      now,
    );
    await trx.insertInto('app_meta').values({ key: SEEDED_MARKER, value: now.toISOString() }).execute();
    return written;
  });
}
