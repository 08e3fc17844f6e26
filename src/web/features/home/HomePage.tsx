import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { ButtonLink } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

const messages = defineMessages({
  pageTitle: { id: 'home.pageTitle', defaultMessage: 'Talka: find a tasker for any job' },
  title: { id: 'home.hero.title', defaultMessage: 'Get it done by a local tasker' },
  subtitle: {
    id: 'home.hero.subtitle',
    defaultMessage:
      'Describe your task, get offers from trusted freelancers and choose the best one. Posting is free.',
  },
  postTask: { id: 'home.hero.postTask', defaultMessage: 'Post a task' },
  browseTasks: { id: 'home.hero.browseTasks', defaultMessage: 'Browse tasks' },
});

const Hero = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(135deg, #e8f1fb 0%, #f7fafd 100%);

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.xl}`};
  }
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.2;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    font-size: ${({ theme }) => theme.fontSizes.hero};
  }
`;

const Subtitle = styled.p`
  max-width: 40em;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    flex-direction: row;
  }
`;

export default function HomePage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  useDocumentTitle(intl.formatMessage(messages.pageTitle));
  return (
    <Hero aria-labelledby="home-hero-title">
      <Title id="home-hero-title">{intl.formatMessage(messages.title)}</Title>
      <Subtitle>{intl.formatMessage(messages.subtitle)}</Subtitle>
      <Actions>
        <ButtonLink to={routePath(locale, 'tasksCreate')}>
          {intl.formatMessage(messages.postTask)}
        </ButtonLink>
        <ButtonLink to={routePath(locale, 'tasks')} $variant="secondary">
          {intl.formatMessage(messages.browseTasks)}
        </ButtonLink>
      </Actions>
    </Hero>
  );
}
