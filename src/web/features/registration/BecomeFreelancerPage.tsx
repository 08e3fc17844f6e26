import { useMemo } from 'react';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import { becomeFreelancerSchema } from '../../../shared/validation/profile';
import { fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath, safeNextPath } from '../../i18n/routes';
import { Button, ButtonLink } from '../../ui/Button';
import { LanguageChecks } from '../../ui/LanguageChecks';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useGetCategoriesQuery } from '../categories';
import { showNotice } from '../notices/noticesSlice';
import { useMeQuery } from '../session/sessionApi';
import { registrationMessages as messages } from './messages';
import { useBecomeFreelancerMutation } from './registrationApi';
import { Card, CategoryChecks, Fieldset, GroupError } from './shared';
import { FormAlert } from '../../ui/FormAlert';
import { validateWith } from './validationText';
import { theme } from '../../app/theme';

interface Values {
  /** Category ids as the checkboxes hold them (strings). */
  categories: string[];
  languages: string[];
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space.md};
`;

/**
 * /{locale}/become-freelancer: explains, takes categories and languages, then returns to ?next (the
 * task page), where the make-offer button now opens the offer form: `me` is refetched.
 */
export default function BecomeFreelancerPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useAppSelector(selectLocale);
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { data: me, isLoading: meLoading } = useMeQuery();
  const { data: tree, isLoading: treeLoading } = useGetCategoriesQuery(locale);
  const [becomeFreelancer] = useBecomeFreelancerMutation();
  useDocumentTitle(intl.formatMessage(messages.freelancerTitle));
  const target = next ?? routePath(locale, 'home');
  // Stable, or final-form would reset the choices (e.g. after a 422) on every render.
  const myCategories = me?.categories;
  const myLanguages = me?.languages;
  const initialValues = useMemo<Values>(
    () => ({
      categories: (myCategories ?? []).map(String),
      languages: myLanguages?.length ? myLanguages : [locale],
    }),
    [myCategories, myLanguages, locale],
  );

  const heading = (
    <>
      <h1 id="become-freelancer-title">{intl.formatMessage(messages.freelancerTitle)}</h1>
      <p>{intl.formatMessage(messages.freelancerIntro)}</p>
      <p>{intl.formatMessage(messages.freelancerSteps)}</p>
    </>
  );

  if (meLoading) return <Spinner />;
  if (!me) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Card aria-labelledby="become-freelancer-title">
        {heading}
        <p>{intl.formatMessage(messages.freelancerLogin)}</p>
        <Row>
          <ButtonLink to={`${routePath(locale, 'login')}?next=${encodeURIComponent(here)}`}>
            {intl.formatMessage(messages.login)}
          </ButtonLink>
          <ButtonLink
            $variant="secondary"
            to={`${routePath(locale, 'register')}?next=${encodeURIComponent(here)}`}
          >
            {intl.formatMessage(messages.submit)}
          </ButtonLink>
        </Row>
      </Card>
    );
  }
  if (me.is_freelancer) {
    return (
      <Card aria-labelledby="become-freelancer-title">
        <h1 id="become-freelancer-title">{intl.formatMessage(messages.freelancerTitle)}</h1>
        <p>{intl.formatMessage(messages.freelancerAlready)}</p>
        <ButtonLink to={target}>{intl.formatMessage(messages.freelancerContinue)}</ButtonLink>
      </Card>
    );
  }

  const toRequest = (values: Values) => ({
    categories: (values.categories ?? []).map(Number),
    languages: values.languages ?? [],
  });

  const onSubmit = async (values: Values): Promise<SubmissionErrors | undefined> => {
    const result = await becomeFreelancer(toRequest(values));
    if ('error' in result && result.error) {
      if (isValidationError(result.error)) {
        return {
          ...fieldErrors(result.error),
          [FORM_ERROR]: intl.formatMessage(messages.freelancerFailed),
        };
      }
      return { [FORM_ERROR]: intl.formatMessage(commonMessages.unexpectedError) };
    }
    dispatch(showNotice({ kind: 'success', message: messages.freelancerSuccess }));
    navigate(target, { replace: true });
    return undefined;
  };

  return (
    <Card aria-labelledby="become-freelancer-title">
      {heading}
      <Form<Values>
        onSubmit={onSubmit}
        initialValues={initialValues}
        validate={(values) => validateWith(intl, becomeFreelancerSchema, toRequest(values))}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError && <FormAlert role="alert">{submitError}</FormAlert>}
            <Fieldset>
              <legend>{intl.formatMessage(messages.freelancerCategories)}</legend>
              {treeLoading ? (
                <Spinner label={intl.formatMessage(messages.categoriesLoading)} />
              ) : (
                <CategoryChecks tree={tree ?? []} name="categories" />
              )}
              <GroupError name="categories" />
            </Fieldset>
            <Fieldset>
              <legend>{intl.formatMessage(messages.freelancerLanguages)}</legend>
              <LanguageChecks name="languages" />
              <GroupError name="languages" />
            </Fieldset>
            <Button
              type="submit"
              $loading={submitting}
              loadingLabel={intl.formatMessage(messages.freelancerSubmitting)}
            >
              {intl.formatMessage(messages.freelancerSubmit)}
            </Button>{' '}
            {next && <Link to={next}>{intl.formatMessage(messages.freelancerContinue)}</Link>}
          </form>
        )}
      </Form>
    </Card>
  );
}
