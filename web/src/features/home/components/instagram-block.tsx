import { INSTAGRAM_HANDLE, instagramTiles } from '../data.ts';

/** "Follow us on Instagram" with static tiles: nothing is fetched from Instagram. */
export function InstagramBlock() {
  return (
    <section aria-labelledby="instagram-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{INSTAGRAM_HANDLE}</p>
          <h2 id="instagram-heading" className="mt-3 font-display text-3xl leading-tight sm:text-4xl lg:text-[2.75rem]">
            Follow Us On Instagram
          </h2>
          <p className="mt-4 text-base leading-7 text-muted">
            New drops, styling notes and the odd behind-the-scenes look at our workshop. Tag us to be featured.
          </p>
        </div>
        <ul className="mt-10 grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-6">
          {instagramTiles.map((tile) => (
            <li key={tile.image} className="relative aspect-square overflow-hidden rounded-xl bg-sand">
              <img
                src={tile.image}
                alt={tile.alt}
                width={600}
                height={750}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
