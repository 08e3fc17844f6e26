/**
 * The home page's illustrations (SPEC section 3: the hero, the three how-it-works steps, the app
 * promo). They carry no text (issue 16: baked-in words overflowed in lv and ru, wrote "€40" where
 * the UI writes "40 €" and named a button the UI names otherwise), so one set serves every locale;
 * what they show is said by their translated alt texts. test/web/features/home/homeImages.test.ts
 * keeps <text> out of them.
 */
export type HomeImageName = 'hero' | 'step-create' | 'step-offers' | 'step-choose' | 'app-promo';

export const HOME_IMAGES: readonly HomeImageName[] = [
  'hero',
  'step-create',
  'step-offers',
  'step-choose',
  'app-promo',
];

/** The how-it-works steps' pictures, in order (drawn inline: src/web/ui/InlineSvg.tsx). */
export const STEP_IMAGES = [
  'step-create',
  'step-offers',
  'step-choose',
] as const satisfies readonly HomeImageName[];

/** The URL of a home page illustration: /images/home/{name}.svg. */
export function homeImage(name: HomeImageName): string {
  return `/images/home/${name}.svg`;
}
