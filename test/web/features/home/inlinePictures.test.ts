/**
 * The pictures the home page draws inline (src/web/features/home/pictures.generated.ts) are the
 * files in public/images, which stay their one source: `npm run pictures` writes the module, and
 * this fails while it differs from the files.
 */
import { filePictures, generatedPictures, parseSvg } from '../../../../scripts/inlinePictures';
import { LOCALES } from '../../../../src/shared/locales';
import { TOP_CATEGORY_IDS } from '../../../../src/shared/limits';
import { categoryPictureName } from '../../../../src/web/features/categories/categoryPicture';
import { STEP_IMAGES } from '../../../../src/web/features/home/homeImages';
import {
  STEP_PICTURES,
  TOP_CATEGORY_PICTURES,
} from '../../../../src/web/features/home/pictures.generated';

it('holds exactly the pictures of the files, for every top category in every locale and every step', () => {
  const expected = filePictures();
  expect(TOP_CATEGORY_PICTURES).toEqual(expected.categories);
  expect(STEP_PICTURES).toEqual(expected.steps);
  for (const id of TOP_CATEGORY_IDS)
    for (const locale of LOCALES)
      expect(TOP_CATEGORY_PICTURES[categoryPictureName(id, locale)]).toBeDefined();
  expect(Object.keys(STEP_PICTURES)).toEqual([...STEP_IMAGES]);
  // The script's own text holds the same markup (what it would write now).
  const written = generatedPictures();
  for (const picture of [...Object.values(TOP_CATEGORY_PICTURES), ...Object.values(STEP_PICTURES)])
    expect(written).toContain(JSON.stringify(picture.markup));
});

it('is markup to draw, nothing that runs or loads: no script, handler, link or embedded HTML', () => {
  for (const picture of [
    ...Object.values(TOP_CATEGORY_PICTURES),
    ...Object.values(STEP_PICTURES),
  ]) {
    expect(picture.markup).not.toMatch(/<(script|foreignObject|image|use|a|style)\b/i);
    expect(picture.markup).not.toMatch(/\son\w+=|href=|url\(/i);
  }
});

it('reads a file as its viewBox and inner markup, and refuses anything else', () => {
  expect(
    parseSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 8"><rect/></svg>\n', 'x'),
  ).toEqual({ viewBox: '0 0 10 8', markup: '<rect/>' });
  expect(() => parseSvg('<svg><rect/></svg>', 'no-viewbox.svg')).toThrow(/no-viewbox\.svg/);
  expect(() => parseSvg('<div/>', 'html.svg')).toThrow(/html\.svg/);
});
