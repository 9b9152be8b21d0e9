import { getEntry } from 'astro:content';

/** Everything the landing page shows, read from content/landing/*.yaml. */
export async function getLandingContent() {
  const [hero, figures, steps, testimonials, faqs] = await Promise.all([
    getEntry('landingHero', 'hero'),
    getEntry('landingFigures', 'figures'),
    getEntry('landingSteps', 'steps'),
    getEntry('landingTestimonials', 'testimonials'),
    getEntry('landingFaqs', 'faqs'),
  ]);
  if (!hero) throw new Error('content/landing/hero.yaml is missing: the landing page needs its hero copy.');
  return {
    hero: hero.data,
    figures: figures?.data ?? [],
    steps: steps?.data ?? [],
    testimonials: testimonials?.data ?? [],
    faqs: faqs?.data ?? [],
  };
}
