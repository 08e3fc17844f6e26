import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled, { css } from 'styled-components';
import type { Locale } from '../../../shared/locales';
import type { Category } from '../../../shared/types';
import { theme, up } from '../../app/theme';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { Button } from '../../ui/Button';
import { LazyModal } from '../../ui/LazyModal';
import { Spinner } from '../../ui/Spinner';
import { useGetCategoriesQuery } from './categoriesApi';
import { categoryHref } from './categoryLinks';
import { categoryPicture } from './categoryPicture';
import { categoriesMessages as messages } from './messages';

// The small-screen dialogs load when first opened, not with the layout.
const SlideOutPanel = lazy(() =>
  import(/* webpackChunkName: "categories-panel" */ './SlideOutPanel').then((module) => ({
    default: module.SlideOutPanel,
  })),
);

export type CategorySidebarVariant = 'panel' | 'popular';

export interface CategorySidebarProps {
  /** 'panel': every top-level category (the layout's side panel); 'popular': the busiest few. */
  variant: CategorySidebarVariant;
  /** The element id of the large-screen panel (SPEC section 9: app-sidebar). */
  id?: string;
  /** Distance in px from the top of the viewport while the panel sticks (SPEC section 9: 90). */
  stickyOffset?: number;
  /** How many categories the popular variant shows. */
  limit?: number;
}

/** SPEC's layout minimum for the category grid (cards with their subcategories). */
const CARD_MIN_HEIGHT = 220;

const Aside = styled.aside<{ $offset: number }>`
  display: none;

  ${up('lg')} {
    display: block;
    position: sticky;
    top: ${({ $offset }) => $offset}px;
    max-height: calc(100vh - ${({ $offset }) => $offset}px);
    overflow-y: auto;
    padding-right: ${theme.space.xs};
  }
`;

const Toggle = styled.div`
  margin-bottom: ${theme.space.md};

  ${up('lg')} {
    display: none;
  }
`;

const Heading = styled.h2`
  margin: 0 0 ${theme.space.md};
  font-size: ${theme.fontSizes.lg};
`;

const List = styled.ul<{ $grid: boolean }>`
  display: grid;
  gap: ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ $grid }) =>
    $grid &&
    css`
      ${up('sm')} {
        grid-template-columns: repeat(2, minmax(0, 1fr));
      }
    `}
`;

/**
 * `$compact`: a card without subcategories (the home page's top categories, the popular sidebar):
 * as tall as its picture and title, not the category grid's 220 px of mostly empty space.
 */
const Card = styled.li<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  min-height: ${({ $compact }) => ($compact ? 'auto' : `${CARD_MIN_HEIGHT}px`)};
  padding: ${({ $compact }) => ($compact ? theme.space.sm : theme.space.md)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
  transition:
    transform 0.15s ease,
    box-shadow 0.15s ease,
    border-color 0.15s ease;

  &:hover,
  &:focus-within {
    border-color: ${theme.colors.primary};
    box-shadow: 0 6px 18px rgba(11, 92, 173, 0.18);
    transform: translateY(-2px);
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;

    &:hover,
    &:focus-within {
      transform: none;
    }
  }
`;

const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.sm};
  color: ${theme.colors.text};
  text-align: center;
  text-decoration: none;

  &:hover h3 {
    color: ${theme.colors.primary};
    text-decoration: underline;
  }
`;

/** A card picture's size: smaller on a phone in a compact card (TopCategories draws it inline). */
export const cardPictureSize = css<{ $compact: boolean }>`
  width: ${({ $compact }) => ($compact ? 80 : 120)}px;
  height: ${({ $compact }) => ($compact ? 64 : 96)}px;
  object-fit: contain;

  ${up('sm')} {
    width: 120px;
    height: 96px;
  }
`;

const Picture = styled.img<{ $compact: boolean }>`
  ${cardPictureSize}
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.md};
  line-height: 1.3;
`;

const Count = styled.p`
  margin: 0;
  text-align: center;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Children = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space.xs} ${theme.space.sm};
  margin: auto 0 0;
  padding: ${theme.space.sm} 0 0;
  list-style: none;
  font-size: ${theme.fontSizes.sm};

  a {
    color: ${theme.colors.primary};
  }
`;

const Status = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  justify-items: start;
`;

/** The categories a variant shows: every top-level one, or the busiest few this week. */
export function sidebarCategories(
  tree: readonly Category[],
  variant: CategorySidebarVariant,
  limit: number,
): Category[] {
  if (variant === 'panel') return [...tree];
  return [...tree]
    .map((category, index) => ({ category, index }))
    .sort((a, b) => b.category.tasks_count - a.category.tasks_count || a.index - b.index)
    .slice(0, limit)
    .map(({ category }) => category);
}

interface CardProps {
  category: Category;
  locale: Locale;
  showChildren: boolean;
  onNavigate?: () => void;
  /** The picture drawn some other way than the file as an <img> (TopCategories: inline). */
  picture?: ReactNode;
}

export function CategoryCard({ category, locale, showChildren, onNavigate, picture }: CardProps) {
  const intl = useIntl();
  const children = showChildren ? (category.children ?? []) : [];
  return (
    <Card data-testid={`category-card-${category.id}`} $compact={!showChildren}>
      <CardLink to={categoryHref(locale, category)} onClick={onNavigate}>
        {picture ?? (
          <Picture
            $compact={!showChildren}
            src={categoryPicture(category.id, locale)}
            alt=""
            width={120}
            height={96}
            loading="lazy"
            decoding="async"
          />
        )}
        <Title>{category.title}</Title>
      </CardLink>
      {category.tasks_count > 0 && (
        <Count>{intl.formatMessage(messages.weeklyCount, { count: category.tasks_count })}</Count>
      )}
      {children.length > 0 && (
        <Children
          aria-label={intl.formatMessage(messages.subcategories, { category: category.title })}
        >
          {children.map((child) => (
            <li key={child.id}>
              <Link to={categoryHref(locale, child)} onClick={onNavigate}>
                {child.title}
              </Link>
            </li>
          ))}
        </Children>
      )}
    </Card>
  );
}

interface ContentProps {
  variant: CategorySidebarVariant;
  locale: Locale;
  limit: number;
  grid: boolean;
  onNavigate?: () => void;
}

function SidebarContent({ variant, locale, limit, grid, onNavigate }: ContentProps) {
  const intl = useIntl();
  const { data, isLoading, isError, refetch } = useGetCategoriesQuery(locale);
  if (isLoading) return <Spinner label={intl.formatMessage(messages.heading)} />;
  if (isError || !data) {
    return (
      <Status role="alert">
        <span>{intl.formatMessage(messages.loadFailed)}</span>
        <Button $variant="secondary" onClick={() => void refetch()}>
          {intl.formatMessage(messages.retry)}
        </Button>
      </Status>
    );
  }
  return (
    <List $grid={grid}>
      {sidebarCategories(data, variant, limit).map((category) => (
        <CategoryCard
          key={category.id}
          category={category}
          locale={locale}
          showChildren={variant === 'panel'}
          onNavigate={onNavigate}
        />
      ))}
    </List>
  );
}

/**
 * The category sidebar of SPEC section 2: a sticky side panel on large screens; on small screens a
 * button opens it in a modal (panel) or a slide-out (popular) that closes on link click and on any
 * route change.
 */
export function CategorySidebar({
  variant,
  id = 'app-sidebar',
  stickyOffset = 90,
  limit = 6,
}: CategorySidebarProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const headingId = useId();
  const location = useLocation();
  const url = `${location.pathname}${location.search}${location.hash}`;
  // Remember where it was opened: once the URL changes the dialog is closed, with no effect needed.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const isOpen = openedAt === url;
  const close = () => setOpenedAt(null);
  const heading = intl.formatMessage(
    variant === 'panel' ? messages.heading : messages.popularHeading,
  );

  return (
    <>
      <Toggle>
        <Button
          $variant="secondary"
          $block
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          onClick={() => setOpenedAt(url)}
        >
          {intl.formatMessage(variant === 'panel' ? messages.open : messages.openPopular)}
        </Button>
      </Toggle>
      <Aside id={id} aria-labelledby={headingId} $offset={stickyOffset}>
        <Heading id={headingId}>{heading}</Heading>
        <SidebarContent variant={variant} locale={locale} limit={limit} grid={false} />
      </Aside>
      {isOpen && (
        <Suspense fallback={null}>
          {variant === 'panel' ? (
            <LazyModal isOpen onClose={close} title={heading} size="lg">
              <SidebarContent
                variant={variant}
                locale={locale}
                limit={limit}
                grid
                onNavigate={close}
              />
            </LazyModal>
          ) : (
            <SlideOutPanel
              isOpen
              onClose={close}
              title={heading}
              closeLabel={intl.formatMessage(messages.close)}
            >
              <SidebarContent
                variant={variant}
                locale={locale}
                limit={limit}
                grid={false}
                onNavigate={close}
              />
            </SlideOutPanel>
          )}
        </Suspense>
      )}
    </>
  );
}
