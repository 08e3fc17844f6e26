import { useEffect, useMemo, useState } from 'react';
import { useField, useForm } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Category } from '../../../../shared/types';
import { useAppSelector } from '../../../app/hooks';
import { selectLocale } from '../../../i18n/i18nSlice';
import { flattenCategories, useGetCategoriesQuery } from '../../categories';
import { taskFormMessages as messages } from '../messages';
import { ErrorLine, ErrorText, Group, Label, Select, TwoColumns, shownError } from './fields';

const NO_CATEGORIES: Category[] = [];

/**
 * The two selects sit in the group around them, which keeps the space below and the error line:
 * their own groups' bottom margin left a large gap under the category (issue 16, layout polish).
 */
const CategoryColumns = styled(TwoColumns)`
  & > div {
    margin-bottom: 0;
  }
`;

/** The parent to show for a category id: its parent, or itself when it is a top category. */
function parentOf(id: number | null, byId: Map<number, Category>): number | null {
  if (id === null) return null;
  const category = byId.get(id);
  if (!category) return null;
  return category.parent_id ?? category.id;
}

/**
 * Parent select, then child select. category_id is the child; a parent without children is
 * itself the category. Prefilled from category_id, which may name a parent or a child.
 */
export function CategoryCascade() {
  const intl = useIntl();
  const form = useForm();
  const locale = useAppSelector(selectLocale);
  const { data: tree = NO_CATEGORIES, isError } = useGetCategoriesQuery(locale);
  const { input, meta } = useField<number | null>('category_id', {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const byId = useMemo(() => new Map(flattenCategories(tree).map((c) => [c.id, c])), [tree]);
  const [parentId, setParentId] = useState<number | null>(null);
  const value = typeof input.value === 'number' ? input.value : null;

  // Once the tree is known, and whenever the value changes from outside: show its parent.
  const [seen, setSeen] = useState<{ value: number | null; tree: typeof byId } | null>(null);
  if (seen?.value !== value || seen.tree !== byId) {
    setSeen({ value, tree: byId });
    if (value !== null && byId.size > 0) setParentId(parentOf(value, byId));
  }

  // A parent with children is not a category by itself: only the parent stays chosen.
  useEffect(() => {
    if (value === null || byId.size === 0) return;
    const category = byId.get(value);
    if (category && category.parent_id === null && (category.children?.length ?? 0) > 0) {
      form.change('category_id', null);
    }
  }, [value, byId, form]);

  const parents = tree.filter((c) => c.parent_id === null);
  const children = (parentId !== null ? byId.get(parentId)?.children : undefined) ?? [];
  const error = shownError(meta);

  const onParent = (text: string) => {
    const id = text === '' ? null : Number(text);
    setParentId(id);
    const parent = id !== null ? byId.get(id) : undefined;
    input.onChange(parent && (parent.children?.length ?? 0) === 0 ? parent.id : null);
  };

  return (
    <Group>
      <CategoryColumns>
        <Group>
          <Label htmlFor="task-category-parent">{intl.formatMessage(messages.category)}</Label>
          <Select
            id="task-category-parent"
            value={parentId ?? ''}
            onChange={(event) => onParent(event.target.value)}
            onBlur={() => input.onBlur()}
            $invalid={Boolean(error) && children.length === 0}
            aria-invalid={(Boolean(error) && children.length === 0) || undefined}
            aria-describedby={error && children.length === 0 ? 'task-category-error' : undefined}
          >
            <option value="">{intl.formatMessage(messages.choose)}</option>
            {parents.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </Select>
        </Group>
        {children.length > 0 && (
          <Group>
            <Label htmlFor="task-category-child">{intl.formatMessage(messages.subcategory)}</Label>
            <Select
              id="task-category-child"
              name="category_id"
              value={value ?? ''}
              onChange={(event) =>
                input.onChange(event.target.value === '' ? null : Number(event.target.value))
              }
              onBlur={() => input.onBlur()}
              $invalid={Boolean(error)}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? 'task-category-error' : undefined}
            >
              <option value="">{intl.formatMessage(messages.choose)}</option>
              {children.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </Select>
          </Group>
        )}
      </CategoryColumns>
      <ErrorLine id="task-category-error" error={error} />
      {isError && (
        <ErrorText role="alert">{intl.formatMessage(messages.categoriesFailed)}</ErrorText>
      )}
    </Group>
  );
}
