import { Field } from 'react-final-form';
import styled from 'styled-components';
import type { Category } from '../../../shared/types';
import { CheckLabel } from '../../ui/LanguageChecks';
import { ErrorLine } from '../../ui/TextField';
import { shownError } from '../../ui/formErrors';
import { theme } from '../../app/theme';

export { CheckLabel, shownError };

export const Card = styled.section`
  max-width: 640px;
  margin: ${theme.space.lg} auto;
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
`;

export const Fieldset = styled.fieldset`
  margin: 0 0 ${theme.space.md};
  padding: 0;
  border: 0;

  legend {
    /* Without the browser's 2 px inline padding: in line with the hint and the fields. */
    padding: 0;
    margin-bottom: ${theme.space.xs};
    font-weight: 600;
  }
`;

export const Hint = styled.p`
  margin: -${theme.space.sm} 0 ${theme.space.md};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Groups = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  max-height: 420px;
  overflow-y: auto;
  padding: ${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

const Children = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space.md};
  padding-left: ${theme.space.lg};
`;

const Strong = styled.span`
  font-weight: 600;
`;

function CategoryCheck({
  name,
  id,
  title,
  strong,
}: {
  name: string;
  id: number;
  title: string;
  strong?: boolean;
}) {
  return (
    <Field<string> name={name} type="checkbox" value={String(id)}>
      {({ input }) => (
        <CheckLabel>
          <input {...input} />
          {strong ? <Strong>{title}</Strong> : title}
        </CheckLabel>
      )}
    </Field>
  );
}

/**
 * The category tree as checkboxes of one final-form field (ids as strings): each main category,
 * its subcategories indented under it (become-freelancer, task alerts).
 */
export function CategoryChecks({ tree, name }: { tree: readonly Category[]; name: string }) {
  return (
    <Groups>
      {tree.map((top) => (
        <div key={top.id}>
          <CategoryCheck name={name} id={top.id} title={top.title} strong />
          {(top.children ?? []).length > 0 && (
            <Children>
              {(top.children ?? []).map((child) => (
                <CategoryCheck key={child.id} name={name} id={child.id} title={child.title} />
              ))}
            </Children>
          )}
        </div>
      ))}
    </Groups>
  );
}

/** A group's error (the client's once a submit was tried, or the server's 422). */
export function GroupError({ name }: { name: string }) {
  return (
    <Field
      name={name}
      subscription={{
        error: true,
        submitError: true,
        touched: true,
        dirtySinceLastSubmit: true,
        submitFailed: true,
      }}
    >
      {({ meta }) => {
        const error =
          (meta.submitFailed && meta.error ? String(meta.error) : undefined) ?? shownError(meta);
        // The group's error line stays in the layout while empty (issue 16).
        return <ErrorLine id={`${name}-group-error`} error={error} alert />;
      }}
    </Field>
  );
}
