import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { InteractOptions } from './directive.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the visitor's first interaction with the island (pointer, touch, focus, key, submit). */
    'client:interact'?: boolean | InteractOptions;
  }
}

/** Registers `client:interact` (see directive.ts) for every page of the site. */
export function clientInteract(): AstroIntegration {
  return {
    name: 'unipath:client-interact',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        // The directive is bundled on its own (by esbuild), which takes a file path.
        const entrypoint = fileURLToPath(new URL('./directive.ts', import.meta.url));
        addClientDirective({ name: 'interact', entrypoint });
      },
    },
  };
}
