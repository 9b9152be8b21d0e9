import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layers of src, top to bottom: pages (with src/middleware.ts and the Node server in src/server)
 * → layouts → features → components → stores → lib. A layer imports only from layers below it and
 * from itself; nothing in src imports the local stack. Islands never import server-only code, and
 * only the staff areas import features/admissions.
 */
const LAYERS = [
  { name: 'layouts', files: ['src/layouts/**'], above: ['pages', 'server'] },
  { name: 'features', files: ['src/features/**'], above: ['pages', 'server', 'layouts'] },
  { name: 'components', files: ['src/components/**'], above: ['pages', 'server', 'layouts', 'features'] },
  {
    name: 'stores',
    files: ['src/stores/**'],
    above: ['pages', 'server', 'layouts', 'features', 'components'],
  },
  {
    name: 'lib',
    files: ['src/lib/**'],
    above: ['pages', 'server', 'layouts', 'features', 'components', 'stores'],
  },
];
const SERVER_ONLY = ['**/*.server', '**/*.server.ts', 'astro:env/server'];
const LOCAL_STACK = {
  group: ['**/supabase/local/**'],
  message: 'The app runs on hosted Supabase: nothing in src imports the local stack.',
};
const ISLAND = { group: SERVER_ONLY, message: 'Server-only code never reaches an island.' };
/** Admissions decides on applications for staff: only the admin console and its pages import it. */
const STAFF_AREAS = [
  'src/features/admin/**',
  'src/features/admissions/**',
  'src/pages/admin/**',
  'src/pages/admin-intake/**',
];
const STAFF_ONLY = {
  group: ['**/admissions/**'],
  message:
    'features/admissions is staff-only: only features/admin, features/admissions and the admin pages import it. Keep what applicant pages share (a status label) in lib.',
};

const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** The patterns for `files`; outside the staff areas admissions is refused as well. */
const restrict = (files, patterns) => [
  { files, rules: rule(patterns) },
  { files, ignores: STAFF_AREAS, rules: rule([...patterns, STAFF_ONLY]) },
];

/** One config per layer (islands and stores also keep server-only code out); later ones win, so each is complete. */
function layers() {
  const configs = [
    ...restrict(['src/**/*.{ts,astro}'], [LOCAL_STACK]),
    ...restrict(['src/**/*.tsx'], [LOCAL_STACK, ISLAND]),
  ];
  for (const { name, files, above } of LAYERS) {
    const layer = {
      group: above.map((other) => `**/${other}/**`),
      message: `${name} imports only from the layers below it (pages → layouts → features → components → stores → lib).`,
    };
    const islandFiles =
      name === 'stores' ? files.map((dir) => `${dir}/*.{ts,tsx}`) : files.map((dir) => `${dir}/*.tsx`);
    if (name !== 'stores')
      configs.push(
        ...restrict(
          files.map((dir) => `${dir}/*.{ts,astro}`),
          [LOCAL_STACK, layer],
        ),
      );
    configs.push(...restrict(islandFiles, [LOCAL_STACK, layer, ISLAND]));
  }
  return configs;
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.data/',
      '.bench/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      // Islands are rendered with renderToString (astro.config.mjs), which @astrojs/react calls
      // without the island's identifier prefix: ids from useId would not match on hydration and
      // would repeat across the islands of a page.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='useId'], MemberExpression[property.name='useId']",
          message:
            'Derive the id from the props (a kind, a row id): useId is not unique across islands here.',
        },
      ],
    },
  },
  ...layers(),
  {
    files: ['supabase/local/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
