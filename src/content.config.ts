import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const CONTENT = './content';

const link = z.object({ label: z.string().min(1), href: z.string().min(1) });

/** Posts are content/blog/*.md; a leading underscore keeps a file out of the site entirely. */
const blog = defineCollection({
  loader: glob({ pattern: '**/[^_]*.md', base: `${CONTENT}/blog` }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    pubDate: z.coerce.date(),
    updatedDate: z.coerce.date().optional(),
    author: z.string().min(1),
    tags: z.array(z.string().min(1)).default([]),
    cover: z.object({ src: z.string().min(1), alt: z.string() }).optional(),
    /** Drafts are never built: no page, no feed entry, no sitemap URL. */
    draft: z.boolean().default(false),
  }),
});

const pages = defineCollection({
  loader: glob({ pattern: '{about,privacy,terms}.md', base: `${CONTENT}/pages` }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    updatedDate: z.coerce.date(),
  }),
});

/**
 * Each landing file is one entry (its file name is the id), so list files keep the order editors
 * wrote them in; per-item loaders would hand them back sorted by id.
 */
const landingFile = (name: string) => glob({ pattern: name, base: `${CONTENT}/landing` });

const id = z.coerce.string().min(1);
const uniqueIds = (items: readonly { id: string }[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

/** A YAML list whose items each carry a unique `id`. */
function listOf<T extends z.ZodObject<{ id: typeof id }>>(item: T) {
  return z.array(item).refine(uniqueIds, 'each item needs a unique id');
}

const landingHero = defineCollection({
  loader: landingFile('hero.yaml'),
  schema: z.object({
    headline: z.string().min(1),
    subheadline: z.string().min(1),
    primaryCta: link,
    secondaryCta: link,
  }),
});

const landingSteps = defineCollection({
  loader: landingFile('steps.yaml'),
  schema: listOf(z.object({ id, title: z.string().min(1), body: z.string().min(1) })),
});

const landingFaqs = defineCollection({
  loader: landingFile('faqs.yaml'),
  schema: listOf(z.object({ id, question: z.string().min(1), answer: z.string().min(1) })),
});

const landingTestimonials = defineCollection({
  loader: landingFile('testimonials.yaml'),
  schema: listOf(
    z.object({ id, quote: z.string().min(1), name: z.string().min(1), context: z.string().min(1) }),
  ),
});

const landingFigures = defineCollection({
  loader: landingFile('figures.yaml'),
  schema: listOf(z.object({ id, value: z.coerce.string().min(1), label: z.string().min(1) })),
});

export const collections = {
  blog,
  pages,
  landingHero,
  landingSteps,
  landingFaqs,
  landingTestimonials,
  landingFigures,
};
