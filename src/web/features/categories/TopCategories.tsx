import styled from 'styled-components';
import { TOP_CATEGORY_IDS } from '../../../shared/limits';
import type { Category } from '../../../shared/types';
import { useAppSelector } from '../../app/hooks';
import { theme, up } from '../../app/theme';
import { selectLocale } from '../../i18n/i18nSlice';
import { InlineSvg } from '../../ui/InlineSvg';
import { TOP_CATEGORY_PICTURES } from '../home/pictures.generated';
import { useGetCategoriesQuery } from './categoriesApi';
import { CategoryCard, cardPictureSize } from './CategorySidebar';
import { categoryPictureName } from './categoryPicture';

// Imported by the home page only (not through ./index): the pictures' markup stays in its chunk.

const TopGrid = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  /* Two a row on a phone (four cards in two rows, not 950 px of scrolling), then as many as fit. */
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.sm};

  ${up('sm')} {
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: ${theme.space.md};
  }
`;

const Picture = styled(InlineSvg)<{ $compact: boolean }>`
  ${cardPictureSize}
`;

/**
 * The four top categories (SPEC section 9) as cards linking to the task form, for the home page.
 * Their pictures are drawn inline: they are on a phone's first screen, where four SVG <img>s were
 * four documents for the browser to set up before the page could respond.
 */
export function TopCategories() {
  const locale = useAppSelector(selectLocale);
  const { data } = useGetCategoriesQuery(locale);
  const top = TOP_CATEGORY_IDS.map((id) => data?.find((category) => category.id === id)).filter(
    (category): category is Category => category !== undefined,
  );
  if (top.length === 0) return null;
  return (
    <TopGrid>
      {top.map((category) => (
        <CategoryCard
          key={category.id}
          category={category}
          locale={locale}
          showChildren={false}
          picture={
            <Picture
              $compact
              picture={TOP_CATEGORY_PICTURES[categoryPictureName(category.id, locale)]}
              width={120}
              height={96}
            />
          }
        />
      ))}
    </TopGrid>
  );
}
