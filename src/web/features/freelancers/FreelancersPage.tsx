import { useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import { LOCALES } from '../../../shared/locales';
import type { FreelancerSortBy, SortDir } from '../../../shared/types';
import { useAppSelector } from '../../app/hooks';
import { theme, up } from '../../app/theme';
import { selectLocale } from '../../i18n/i18nSlice';
import { LANGUAGE_NAMES } from '../../i18n/LanguageSwitcher';
import { routePath } from '../../i18n/routes';
import { Button } from '../../ui/Button';
import { CardGrid, GridNotice } from '../../ui/CardGrid';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { flattenCategories, useGetCategoriesQuery } from '../categories';
import { Pagination } from '../taskList';
import { FreelancerCardView } from './FreelancerCardView';
import { freelancersArgs, useGetFreelancersQuery } from './freelancersApi';
import { freelancersMessages as messages } from './messages';

const Filters = styled.form`
  display: grid;
  gap: ${theme.space.md};
  margin-bottom: ${theme.space.lg};
  padding: ${theme.space.md};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};

  ${up('md')} {
    grid-template-columns: 1fr 1fr 2fr;
    align-items: start;
  }

  h2 {
    grid-column: 1 / -1;
    margin: 0;
    font-size: ${theme.fontSizes.md};
  }

  label,
  legend {
    font-weight: 600;
  }

  select {
    width: 100%;
    min-height: 44px;
    margin-top: ${theme.space.xs};
    padding: ${theme.space.sm} ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.background};
    font: inherit;
  }

  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
  }
`;

const Checks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs} ${theme.space.md};
  margin-top: ${theme.space.xs};

  label {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space.xs};
    min-height: 44px;
    font-weight: 400;
  }
`;

const SORTS: Array<{
  value: string;
  by: FreelancerSortBy;
  dir: SortDir;
  label: keyof typeof messages;
}> = [
  {
    value: 'freelancer_rating:desc',
    by: 'freelancer_rating',
    dir: 'desc',
    label: 'sortRatingDesc',
  },
  { value: 'freelancer_rating:asc', by: 'freelancer_rating', dir: 'asc', label: 'sortRatingAsc' },
  { value: 'completed_tasks:desc', by: 'completed_tasks', dir: 'desc', label: 'sortCompleted' },
  { value: 'newest:desc', by: 'newest', dir: 'desc', label: 'sortNewest' },
];

/**
 * /{locale}/freelancers: takes categories, languages (repeated), sort_by, sort_dir and page exactly
 * as the task page links it, and keeps every filter in the URL.
 */
export default function FreelancersPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const args = freelancersArgs(searchParams, locale);
  const { data, isFetching, isError, refetch } = useGetFreelancersQuery(args);
  const { data: tree } = useGetCategoriesQuery(locale);
  useDocumentTitle(intl.formatMessage(messages.pageTitle));

  const update = (mutate: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(searchParams);
    mutate(next);
    next.set('page', '1');
    setSearchParams(next);
  };

  const categoryOptions = flattenCategories(tree ?? []).map((category) => ({
    slug: category.slug,
    label: category.parent_id === null ? category.title : `— ${category.title}`,
  }));
  const selectedCategory = args.categories[0] ?? '';
  if (selectedCategory && !categoryOptions.some((o) => o.slug === selectedCategory)) {
    categoryOptions.unshift({ slug: selectedCategory, label: selectedCategory });
  }
  const sortValue = `${args.sort_by}:${args.sort_dir}`;
  const meta = data?.meta;
  const freelancers = data?.data ?? [];

  return (
    <section aria-labelledby="freelancers-title">
      <h1 id="freelancers-title">{intl.formatMessage(messages.heading)}</h1>
      <p>{intl.formatMessage(messages.intro)}</p>
      <Filters
        role="search"
        aria-labelledby="freelancer-filters-title"
        onSubmit={(event) => event.preventDefault()}
      >
        <h2 id="freelancer-filters-title">{intl.formatMessage(messages.filtersHeading)}</h2>
        <div>
          <label htmlFor="freelancer-filter-category">
            {intl.formatMessage(messages.category)}
          </label>
          <select
            id="freelancer-filter-category"
            value={selectedCategory}
            onChange={(event) =>
              update((next) => {
                next.delete('categories');
                if (event.target.value) next.set('categories', event.target.value);
              })
            }
          >
            <option value="">{intl.formatMessage(messages.anyCategory)}</option>
            {categoryOptions.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="freelancer-sort">{intl.formatMessage(messages.sort)}</label>
          <select
            id="freelancer-sort"
            value={sortValue}
            onChange={(event) => {
              const sort = SORTS.find((option) => option.value === event.target.value) ?? SORTS[0];
              update((next) => {
                next.set('sort_by', sort.by);
                next.set('sort_dir', sort.dir);
              });
            }}
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {intl.formatMessage(messages[option.label])}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>{intl.formatMessage(messages.languages)}</legend>
          <Checks>
            {LOCALES.map((code) => (
              <label key={code}>
                <input
                  type="checkbox"
                  checked={args.languages.includes(code)}
                  onChange={(event) =>
                    update((next) => {
                      const chosen = args.languages.filter((l) => l !== code);
                      if (event.target.checked) chosen.push(code);
                      next.delete('languages');
                      chosen.forEach((l) => next.append('languages', l));
                    })
                  }
                />
                {LANGUAGE_NAMES[code]}
              </label>
            ))}
          </Checks>
        </fieldset>
        <div>
          <Link to={routePath(locale, 'freelancers')}>{intl.formatMessage(messages.reset)}</Link>
        </div>
      </Filters>

      {meta && !isError && (
        <p aria-live="polite">{intl.formatMessage(messages.total, { count: meta.total })}</p>
      )}
      {isFetching && !data && <Spinner label={intl.formatMessage(messages.loading)} />}
      {isError ? (
        <GridNotice role="alert">
          <p>{intl.formatMessage(messages.loadFailed)}</p>
          <Button $variant="secondary" onClick={() => void refetch()}>
            {intl.formatMessage(messages.retry)}
          </Button>
        </GridNotice>
      ) : (
        data &&
        (freelancers.length === 0 ? (
          <GridNotice>
            <p>{intl.formatMessage(messages.empty)}</p>
          </GridNotice>
        ) : (
          <CardGrid aria-busy={isFetching || undefined}>
            {freelancers.map((freelancer) => (
              <li key={freelancer.uuid}>
                <FreelancerCardView freelancer={freelancer} locale={locale} />
              </li>
            ))}
          </CardGrid>
        ))
      )}
      {meta && !isError && (
        <Pagination
          page={meta.current_page}
          pages={meta.last_page}
          hrefOf={(page) => {
            const next = new URLSearchParams(searchParams);
            next.set('page', String(page));
            return `${pathname}?${next.toString()}`;
          }}
        />
      )}
    </section>
  );
}
