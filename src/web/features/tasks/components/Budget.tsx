import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { budgetParts } from '../format';
import { taskDetailMessages as messages } from '../messages';
import { theme } from '../../../app/theme';

/** '€500' or '€100 – €200' in the page locale. */
export function useBudgetText(from: number, to: number, locale: Locale): string {
  const intl = useIntl();
  const parts = budgetParts(from, to, locale);
  return 'single' in parts ? parts.single : intl.formatMessage(messages.budgetRange, parts);
}

const Badge = styled.p`
  display: inline-block;
  margin: 0;
  padding: ${theme.space.xs} ${theme.space.md};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  font-size: ${theme.fontSizes.lg};
  font-weight: 600;
`;

export function BudgetBadge({ from, to, locale }: { from: number; to: number; locale: Locale }) {
  const intl = useIntl();
  const text = useBudgetText(from, to, locale);
  return (
    <Badge data-testid="budget-badge">
      <VisuallyHidden>{intl.formatMessage(messages.budget)}: </VisuallyHidden>
      {text}
    </Badge>
  );
}
