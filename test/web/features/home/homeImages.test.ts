/**
 * The home page's illustrations carry no text (issue 16): words drawn into an SVG overflowed in lv
 * and ru, wrote "€40" where the UI writes "40 €" and named the post button otherwise. What they show
 * is said by the page's translated alt texts, so one set serves every locale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HOME_IMAGES, homeImage } from '../../../../src/web/features/home/homeImages';

const publicDir = path.join(__dirname, '../../../../public');
const dir = path.join(publicDir, 'images/home');

it('every illustration the home page names is there, one set for every locale', () => {
  expect(homeImage('hero')).toBe('/images/home/hero.svg');
  for (const name of HOME_IMAGES)
    expect(fs.existsSync(path.join(publicDir, homeImage(name)))).toBe(true);
  expect(fs.readdirSync(dir).sort()).toEqual(HOME_IMAGES.map((name) => `${name}.svg`).sort());
});

it.each(HOME_IMAGES)('%s has no baked-in text', (name) => {
  const svg = fs.readFileSync(path.join(publicDir, homeImage(name)), 'utf8');
  expect(svg).toMatch(/^<svg [^>]*viewBox="[^"]+"[^>]*width="\d+"[^>]*height="\d+"/);
  // No text element, no embedded HTML, no font that would render words.
  expect(svg).not.toMatch(/<(text|tspan|textPath|foreignObject)\b/i);
  expect(svg).not.toMatch(/font-family|€/);
  // Nothing but markup between the tags.
  const between = svg.replace(/<[^>]+>/g, '').trim();
  expect(between).toBe('');
});
