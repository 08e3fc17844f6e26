import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { TaskAlert } from '../../../shared/alerts';
import { formatEuro } from '../../../shared/money';
import type { Category } from '../../../shared/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { LANGUAGE_NAMES } from '../../i18n/LanguageSwitcher';
import { routePath } from '../../i18n/routes';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { flattenCategories, useGetCategoriesQuery } from '../categories';
import { showNotice } from '../notices/noticesSlice';
import { Card } from '../registration/shared';
import { useMeQuery } from '../session/sessionApi';
import { AlertForm } from './AlertForm';
import { useDeleteAlertMutation, useGetAlertsQuery } from './alertsApi';
import { alertsMessages as messages } from './messages';
import { theme } from '../../app/theme';

const Page = styled(Card)`
  max-width: 760px;
`;

const List = styled.ul`
  display: grid;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.lg};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: ${theme.space.xs};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};

  h3 {
    margin: 0;
    font-size: ${theme.fontSizes.md};
    overflow-wrap: anywhere;
  }

  p {
    margin: 0;
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

/** One line per part of an alert, in the UI language. */
function AlertSummary({
  alert,
  titles,
  number,
  actions,
}: {
  alert: TaskAlert;
  titles: Map<number, string>;
  number: number;
  actions: ReactNode;
}) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const categories = alert.categories.map((id) => titles.get(id) ?? `#${id}`);
  return (
    <Item aria-label={intl.formatMessage(messages.alertLabel, { number })}>
      <h3>{intl.formatList(categories, { type: 'conjunction' })}</h3>
      <p>
        {alert.location_type === 'anywhere'
          ? intl.formatMessage(messages.remoteSummary)
          : intl.formatMessage(messages.placeSummary, {
              radius: alert.radius_km ?? 0,
              address: alert.address ?? '',
            })}
      </p>
      <p>
        {intl.formatList(
          alert.languages.map((l) => LANGUAGE_NAMES[l]),
          { type: 'conjunction' },
        )}
        {' · '}
        {alert.budget_min === null
          ? intl.formatMessage(messages.anyBudget)
          : intl.formatMessage(messages.budgetSummary, {
              amount: formatEuro(alert.budget_min, locale),
            })}
      </p>
      <Actions>{actions}</Actions>
    </Item>
  );
}

/** /{locale}/alerts: the freelancer's task alerts, with a form to add or edit one. */
export default function AlertsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const locale = useAppSelector(selectLocale);
  const { data: me, isLoading: meLoading } = useMeQuery();
  const freelancer = Boolean(me?.is_freelancer);
  const { data: alerts, isLoading } = useGetAlertsQuery(undefined, { skip: !freelancer });
  const { data: tree } = useGetCategoriesQuery(locale, { skip: !freelancer });
  const [deleteAlert, { isLoading: deleting }] = useDeleteAlertMutation();
  const [editing, setEditing] = useState<TaskAlert | null>(null);
  // The alert whose Delete was pressed: nothing is deleted before the dialog is confirmed.
  const [confirming, setConfirming] = useState<TaskAlert | null>(null);
  // A new key after each save resets the new-alert form.
  const [formKey, setFormKey] = useState(0);
  useDocumentTitle(intl.formatMessage(messages.title));

  const heading = (
    <>
      <h1 id="alerts-title">{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.intro)}</p>
    </>
  );

  if (meLoading) return <Spinner />;
  if (!me) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Page aria-labelledby="alerts-title">
        {heading}
        <p>{intl.formatMessage(messages.login)}</p>
        <ButtonLink to={`${routePath(locale, 'login')}?next=${encodeURIComponent(here)}`}>
          {intl.formatMessage(messages.loginLink)}
        </ButtonLink>
      </Page>
    );
  }
  if (!freelancer) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Page aria-labelledby="alerts-title">
        {heading}
        <p>{intl.formatMessage(messages.freelancersOnly)}</p>
        <ButtonLink
          to={`${routePath(locale, 'becomeFreelancer')}?next=${encodeURIComponent(here)}`}
        >
          {intl.formatMessage(messages.becomeFreelancer)}
        </ButtonLink>
      </Page>
    );
  }

  const titles = new Map(flattenCategories((tree ?? []) as Category[]).map((c) => [c.id, c.title]));
  const list = alerts ?? [];

  const remove = async (alert: TaskAlert) => {
    const result = await deleteAlert(alert.id);
    setConfirming(null);
    if (!('error' in result && result.error)) {
      if (editing?.id === alert.id) setEditing(null);
      dispatch(showNotice({ kind: 'success', message: messages.deleted }));
    }
  };

  return (
    <Page aria-labelledby="alerts-title">
      {heading}
      <p>{intl.formatMessage(messages.delivery)}</p>
      <p>
        <ButtonLink to={routePath(locale, 'alertMatches')} $variant="secondary">
          {intl.formatMessage(messages.menuMatches)}
        </ButtonLink>
      </p>
      {isLoading ? (
        <Spinner />
      ) : (
        <>
          <p>
            {list.length === 0
              ? intl.formatMessage(messages.empty)
              : intl.formatMessage(messages.count, { count: list.length })}
          </p>
          {list.length > 0 && (
            <List>
              {list.map((alert, index) => (
                <AlertSummary
                  key={alert.id}
                  alert={alert}
                  titles={titles}
                  number={index + 1}
                  actions={
                    <>
                      <Button type="button" $variant="secondary" onClick={() => setEditing(alert)}>
                        {intl.formatMessage(messages.edit)}
                      </Button>
                      <Button type="button" $variant="danger" onClick={() => setConfirming(alert)}>
                        {intl.formatMessage(messages.delete)}
                      </Button>
                    </>
                  }
                />
              ))}
            </List>
          )}
        </>
      )}
      <AlertForm
        key={editing ? `edit-${editing.id}` : `new-${formKey}`}
        alert={editing}
        tree={tree ?? []}
        locale={locale}
        onSaved={() => {
          dispatch(showNotice({ kind: 'success', message: messages.saved }));
          setEditing(null);
          setFormKey((k) => k + 1);
        }}
        onCancel={editing ? () => setEditing(null) : undefined}
      />
      <ConfirmModal
        isOpen={confirming !== null}
        title={intl.formatMessage(messages.deleteTitle)}
        onConfirm={() => {
          if (confirming) void remove(confirming);
        }}
        onCancel={() => setConfirming(null)}
        loading={deleting}
        confirmLabel={intl.formatMessage(messages.deleteConfirm)}
        danger
      >
        <p>{intl.formatMessage(messages.deleteText)}</p>
      </ConfirmModal>
    </Page>
  );
}
