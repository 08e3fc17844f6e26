import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import type { TaskListSort, TaskListStatus } from '../../../shared/types';
import { isValidationError } from '../../api/baseQuery';
import { useAppSelector } from '../../app/hooks';
import { theme, up } from '../../app/theme';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Button, ButtonLink, buttonStyles, type ButtonVariant } from '../../ui/Button';
import { CloseButton } from '../../ui/CloseButton';
import { CardGrid, GridNotice } from '../../ui/CardGrid';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { flattenCategories, useGetCategoriesQuery } from '../categories';
import {
  TASK_LIST_SORTS,
  TASK_LIST_STATUSES,
  activeFilterCount,
  filtersFromParams,
  requestArgs,
  withFilters,
  withPage,
  type FilterKey,
} from './filters';
import { taskListMessages as messages } from './messages';
import { Pagination } from './Pagination';
import { TaskSummaryCard } from './TaskSummaryCard';
import { useGetTasksQuery } from './taskListApi';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.sm};

  h1 {
    margin: 0 0 ${theme.space.md};
  }
`;

/** Phones: the one row that stands for the filters until the Filters button opens them. */
const FiltersBar = styled.div`
  display: flex;
  margin-bottom: ${theme.space.md};

  ${up('md')} {
    display: none;
  }
`;

const FiltersButton = styled.button<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;

const Badge = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 1.5rem;
  height: 1.5rem;
  padding: 0 ${theme.space.xs};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  font-size: ${theme.fontSizes.sm};
  line-height: 1;
`;

/**
 * The filter form's frame. From md up it is just the form in the page. Below md it is hidden until
 * the Filters button opens it as a full-screen dialog; the form itself is the same element, so its
 * fields keep one id and one state either way.
 */
const FiltersSheet = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};

  ${({ $open }) =>
    $open
      ? `
    position: fixed;
    inset: 0;
    z-index: ${theme.zIndices.modal};
    overflow-y: auto;
    overscroll-behavior: contain;
    background: ${theme.colors.background};

    form {
      min-height: 100%;
      margin: 0;
      border-radius: 0;
      background: ${theme.colors.background};
    }
  `
      : ''}

  &:focus {
    outline: none;
  }

  ${up('md')} {
    display: block;
    position: static;
    overflow: visible;
    background: none;

    form {
      min-height: 0;
      margin-bottom: ${theme.space.lg};
      border-radius: ${theme.radii.lg};
      background: ${theme.colors.surface};
    }
  }
`;

/** The Modal's close button; the form in the page (md and up) has nothing to close. */
const SheetClose = styled(CloseButton)`
  ${up('md')} {
    display: none;
  }
`;

const Filters = styled.form`
  display: grid;
  gap: 0 ${theme.space.md};

  /* Each control fills its column and no wider (a select or input is wider by default). */
  & > *,
  input,
  select {
    min-width: 0;
  }

  input,
  select {
    width: 100%;
  }
  margin-bottom: ${theme.space.lg};
  padding: ${theme.space.md};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};

  ${up('sm')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${up('lg')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const FiltersTitleRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  grid-column: 1 / -1;
  margin: 0 0 ${theme.space.sm};
`;

const FiltersTitle = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.md};
`;

const SelectField = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  margin-bottom: ${theme.space.md};

  label {
    font-weight: 600;
  }

  select {
    min-height: 44px;
    padding: ${theme.space.sm} ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.background};
    font: inherit;
  }
`;

const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.md};
  grid-column: 1 / -1;
`;

const FormError = styled.p`
  grid-column: 1 / -1;
  margin: 0 0 ${theme.space.sm};
  color: ${theme.colors.danger};
`;

const Problems = styled.ul`
  display: grid;
  gap: ${theme.space.sm};
  margin: 0;
  padding-left: ${theme.space.lg};
`;

const SORT_LABELS = {
  newest: messages.sortNewest,
  deadline: messages.sortDeadline,
  budget_desc: messages.sortBudgetDesc,
  budget_asc: messages.sortBudgetAsc,
} as const satisfies Record<TaskListSort, unknown>;

const STATUS_LABELS = {
  open: messages.statusOpen,
  in_progress: messages.statusInProgress,
  completed: messages.statusCompleted,
  incomplete: messages.statusIncomplete,
  expired: messages.statusExpired,
} as const satisfies Record<TaskListStatus, unknown>;

/** The list's URL parameters the API may refuse (422), with the label of their control. */
const PARAM_LABELS = {
  categories: messages.category,
  status: messages.status,
  q: messages.search,
  city: messages.city,
  location: messages.location,
  budget_min: messages.budgetMin,
  budget_max: messages.budgetMax,
  sort: messages.sort,
  page: messages.page,
} as const satisfies Record<FilterKey | 'page', MessageDescriptor>;

type ListParam = keyof typeof PARAM_LABELS;
const isListParam = (name: string): name is ListParam => Object.hasOwn(PARAM_LABELS, name);

// Read from the form's elements (not FormData): the inputs are uncontrolled.
const text = (form: HTMLFormElement, key: string): string => {
  const field = form.elements.namedItem(key);
  return field instanceof HTMLInputElement ? field.value.trim() : '';
};

/** /{locale}/tasks: every filter, the sort and the page are in the URL. */
export default function TaskListPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const { data, error, isFetching, isError, refetch } = useGetTasksQuery(
    requestArgs(filters, locale),
  );
  const { data: tree } = useGetCategoriesQuery(locale);
  const [rangeError, setRangeError] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  useDocumentTitle(intl.formatMessage(messages.pageTitle));
  const activeCount = activeFilterCount(filters);

  // The phone sheet: page scroll locked, focus inside, back on the button when it closes; it closes
  // by itself if the window grows to where the filters are shown in the page.
  useEffect(() => {
    if (!sheetOpen) return undefined;
    const opener = openerRef.current;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    sheetRef.current?.focus();
    const wide = window.matchMedia?.(`(min-width: ${theme.breakpoints.md})`);
    const onWide = () => {
      if (wide?.matches) setSheetOpen(false);
    };
    wide?.addEventListener?.('change', onWide);
    return () => {
      wide?.removeEventListener?.('change', onWide);
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, [sheetOpen]);

  const onSheetKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!sheetOpen) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      setSheetOpen(false);
      return;
    }
    if (event.key !== 'Tab' || !sheetRef.current) return;
    // Keep Tab inside the dialog.
    const focusable = Array.from(
      sheetRef.current.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])',
      ),
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === sheetRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const categoryOptions = (tree ?? []).flatMap((top) => [
    { slug: top.slug, label: top.title },
    ...flattenCategories(top.children ?? []).map((child) => ({
      slug: child.slug,
      label: `— ${child.title}`,
    })),
  ]);
  const selectedCategory = filters.categories[0] ?? '';
  // A slug from a shared link is kept selectable even before (or without) the tree.
  if (selectedCategory && !categoryOptions.some((o) => o.slug === selectedCategory)) {
    categoryOptions.unshift({ slug: selectedCategory, label: selectedCategory });
  }

  const change = (changes: Parameters<typeof withFilters>[1]) => {
    setRangeError(false);
    setSearchParams(withFilters(searchParams, changes));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const budgetMin = text(form, 'budget_min');
    const budgetMax = text(form, 'budget_max');
    if (budgetMin && budgetMax && Number(budgetMin) > Number(budgetMax)) {
      setRangeError(true);
      return;
    }
    change({
      q: text(form, 'q'),
      city: text(form, 'city'),
      budget_min: budgetMin,
      budget_max: budgetMax,
    });
    setSheetOpen(false);
  };

  const meta = data?.meta;
  const tasks = data?.data ?? [];
  const hrefOf = (params: URLSearchParams): string => {
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  // A link whose filters the API refused: each refused parameter, why, and a link without it.
  const refused = isError && isValidationError(error) ? Object.entries(error.data.errors) : null;
  const withoutParam = (name: ListParam): URLSearchParams =>
    name === 'page' ? withPage(searchParams, 1) : withFilters(searchParams, { [name]: '' });
  // A page past the last one (a stale link): say so, instead of 'no tasks match'.
  const pastEnd = meta !== undefined && tasks.length === 0 && meta.current_page > meta.last_page;
  // Text inputs are uncontrolled; a new URL (back button, shared link) remounts them with its values.
  const textKey = [filters.q, filters.city, filters.budget_min, filters.budget_max].join('\u0000');

  return (
    <section aria-labelledby="task-list-title">
      <Header>
        <h1 id="task-list-title">{intl.formatMessage(messages.heading)}</h1>
        {meta && !isError && (
          <span aria-live="polite">
            {intl.formatMessage(messages.total, { count: meta.total })}
          </span>
        )}
      </Header>

      <FiltersBar>
        <FiltersButton
          ref={openerRef}
          type="button"
          $variant="secondary"
          aria-expanded={sheetOpen}
          aria-controls="task-filters"
          onClick={() => setSheetOpen(true)}
        >
          {intl.formatMessage(messages.filtersButton)}
          {activeCount > 0 && (
            <>
              <Badge aria-hidden="true">{activeCount}</Badge>
              <VisuallyHidden>
                ({intl.formatMessage(messages.activeFilters, { count: activeCount })})
              </VisuallyHidden>
            </>
          )}
        </FiltersButton>
      </FiltersBar>

      <FiltersSheet
        id="task-filters"
        ref={sheetRef}
        $open={sheetOpen}
        role={sheetOpen ? 'dialog' : undefined}
        aria-modal={sheetOpen || undefined}
        aria-labelledby={sheetOpen ? 'task-filters-title' : undefined}
        tabIndex={sheetOpen ? -1 : undefined}
        onKeyDown={onSheetKeyDown}
      >
        <Filters role="search" aria-labelledby="task-filters-title" onSubmit={onSubmit} noValidate>
          <FiltersTitleRow>
            <FiltersTitle id="task-filters-title">
              {intl.formatMessage(messages.filtersHeading)}
            </FiltersTitle>
            {sheetOpen && (
              <SheetClose
                type="button"
                aria-label={intl.formatMessage(messages.closeFilters)}
                onClick={() => setSheetOpen(false)}
              >
                <span aria-hidden="true">×</span>
              </SheetClose>
            )}
          </FiltersTitleRow>
          <SelectField>
            <label htmlFor="task-filter-category">{intl.formatMessage(messages.category)}</label>
            <select
              id="task-filter-category"
              value={selectedCategory}
              onChange={(event) => change({ categories: event.target.value })}
            >
              <option value="">{intl.formatMessage(messages.anyCategory)}</option>
              {categoryOptions.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.label}
                </option>
              ))}
            </select>
          </SelectField>
          <SelectField>
            <label htmlFor="task-filter-status">{intl.formatMessage(messages.status)}</label>
            <select
              id="task-filter-status"
              value={filters.status}
              onChange={(event) => change({ status: event.target.value })}
            >
              <option value="">{intl.formatMessage(messages.anyStatus)}</option>
              {TASK_LIST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {intl.formatMessage(STATUS_LABELS[status])}
                </option>
              ))}
            </select>
          </SelectField>
          <SelectField>
            <label htmlFor="task-filter-sort">{intl.formatMessage(messages.sort)}</label>
            <select
              id="task-filter-sort"
              value={filters.sort}
              onChange={(event) => change({ sort: event.target.value })}
            >
              {TASK_LIST_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {intl.formatMessage(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          </SelectField>
          <SelectField>
            <label htmlFor="task-filter-location">{intl.formatMessage(messages.location)}</label>
            <select
              id="task-filter-location"
              value={filters.location}
              onChange={(event) => change({ location: event.target.value })}
            >
              <option value="">{intl.formatMessage(messages.anyLocation)}</option>
              <option value="anywhere">{intl.formatMessage(messages.locationAnywhere)}</option>
              <option value="specific">{intl.formatMessage(messages.locationSpecific)}</option>
            </select>
          </SelectField>
          <div key={`q${textKey}`}>
            <TextField
              id="task-filter-q"
              name="q"
              type="search"
              label={intl.formatMessage(messages.search)}
              placeholder={intl.formatMessage(messages.searchPlaceholder)}
              defaultValue={filters.q}
            />
          </div>
          <div key={`c${textKey}`}>
            <TextField
              id="task-filter-city"
              name="city"
              label={intl.formatMessage(messages.city)}
              autoComplete="address-level2"
              defaultValue={filters.city}
            />
          </div>
          <div key={`min${textKey}`}>
            <TextField
              id="task-filter-budget-min"
              name="budget_min"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              label={intl.formatMessage(messages.budgetMin)}
              defaultValue={filters.budget_min}
              error={rangeError ? intl.formatMessage(messages.budgetRangeError) : undefined}
            />
          </div>
          <div key={`max${textKey}`}>
            <TextField
              id="task-filter-budget-max"
              name="budget_max"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              label={intl.formatMessage(messages.budgetMax)}
              defaultValue={filters.budget_max}
            />
          </div>
          {rangeError && (
            <FormError role="alert">{intl.formatMessage(messages.budgetRangeError)}</FormError>
          )}
          <FormActions>
            <Button type="submit">{intl.formatMessage(messages.apply)}</Button>
            <Link to={routePath(locale, 'tasks')} onClick={() => setSheetOpen(false)}>
              {intl.formatMessage(messages.reset)}
            </Link>
          </FormActions>
        </Filters>
      </FiltersSheet>

      {isFetching && !data && <Spinner label={intl.formatMessage(messages.loading)} />}
      {isError && refused ? (
        <GridNotice role="alert">
          <p>{intl.formatMessage(messages.filterErrors)}</p>
          <Problems>
            {refused.map(([field, texts]) => {
              // 'categories[0]' or 'categories': the parameter it belongs to.
              const name = field.replace(/[[.].*$/, '');
              if (!isListParam(name)) return <li key={field}>{texts[0]}</li>;
              const label = intl.formatMessage(PARAM_LABELS[name]);
              return (
                <li key={field}>
                  <strong>{label}:</strong> {texts[0]}{' '}
                  <Link to={hrefOf(withoutParam(name))}>
                    {intl.formatMessage(messages.removeFilter, { filter: label })}
                  </Link>
                </li>
              );
            })}
          </Problems>
          <ButtonLink to={routePath(locale, 'tasks')} $variant="secondary">
            {intl.formatMessage(messages.reset)}
          </ButtonLink>
        </GridNotice>
      ) : isError ? (
        <GridNotice role="alert">
          <p>{intl.formatMessage(messages.loadFailed)}</p>
          <Button $variant="secondary" onClick={() => void refetch()}>
            {intl.formatMessage(messages.retry)}
          </Button>
        </GridNotice>
      ) : (
        data &&
        (pastEnd ? (
          <GridNotice>
            <p>{intl.formatMessage(messages.pastEnd, { page: meta.current_page })}</p>
            <ButtonLink to={hrefOf(withPage(searchParams, 1))} $variant="secondary">
              {intl.formatMessage(messages.firstPage)}
            </ButtonLink>
          </GridNotice>
        ) : tasks.length === 0 ? (
          <GridNotice>
            <p>{intl.formatMessage(messages.empty)}</p>
          </GridNotice>
        ) : (
          <CardGrid aria-busy={isFetching || undefined}>
            {tasks.map((task, index) => (
              <li key={task.uuid}>
                <TaskSummaryCard task={task} locale={locale} headingLevel={2} first={index === 0} />
              </li>
            ))}
          </CardGrid>
        ))
      )}
      {meta && !isError && !pastEnd && (
        <Pagination
          page={meta.current_page}
          pages={meta.last_page}
          hrefOf={(page) => hrefOf(withPage(searchParams, page))}
        />
      )}
    </section>
  );
}
