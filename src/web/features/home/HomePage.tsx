import { useId, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { theme, up } from '../../app/theme';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Button, ButtonLink } from '../../ui/Button';
import { CardGrid } from '../../ui/CardGrid';
import { InlineSvg } from '../../ui/InlineSvg';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { TopCategories } from '../categories/TopCategories';
import { TaskSummaryCard, useGetTasksQuery } from '../taskList';
import { homeImage } from './homeImages';
import { STEP_PICTURES } from './pictures.generated';
import { recentTasksArgs } from './recentTasks';

const messages = defineMessages({
  pageTitle: { id: 'home.pageTitle', defaultMessage: 'Talka: find a freelancer for any job' },
  title: { id: 'home.hero.title', defaultMessage: 'Get it done by a local freelancer' },
  subtitle: {
    id: 'home.hero.subtitle',
    defaultMessage:
      'Describe your task, get offers from trusted freelancers and choose the best one. Posting is free.',
  },
  postTask: { id: 'home.hero.postTask', defaultMessage: 'Post a task' },
  browseTasks: { id: 'home.hero.browseTasks', defaultMessage: 'Browse tasks' },
  heroAlt: {
    id: 'home.hero.imageAlt',
    defaultMessage: 'A freelancer with a toolbox in front of a house, and a new offer arriving',
  },
  searchLabel: { id: 'home.search.label', defaultMessage: 'Search tasks' },
  searchPlaceholder: {
    id: 'home.search.placeholder',
    defaultMessage: 'For example: assemble a wardrobe',
  },
  searchSubmit: { id: 'home.search.submit', defaultMessage: 'Search' },
  howHeading: { id: 'home.how.heading', defaultMessage: 'How it works' },
  stepCreateTitle: { id: 'home.how.create.title', defaultMessage: '1. Create a task' },
  stepCreateText: {
    id: 'home.how.create.text',
    defaultMessage: 'Say what needs doing, where and when, and what budget you have in mind.',
  },
  stepCreateAlt: {
    id: 'home.how.create.imageAlt',
    defaultMessage: 'A task form with a button to post it',
  },
  stepOffersTitle: { id: 'home.how.offers.title', defaultMessage: '2. Get offers' },
  stepOffersText: {
    id: 'home.how.offers.text',
    defaultMessage: 'Freelancers send their price and a few words about how they would do it.',
  },
  stepOffersAlt: {
    id: 'home.how.offers.imageAlt',
    defaultMessage: 'Two offers arriving, one of them new',
  },
  stepChooseTitle: { id: 'home.how.choose.title', defaultMessage: '3. Choose a freelancer' },
  stepChooseText: {
    id: 'home.how.choose.text',
    defaultMessage: 'Compare ratings and prices, chat, and pick the offer that suits you.',
  },
  stepChooseAlt: {
    id: 'home.how.choose.imageAlt',
    defaultMessage: 'A freelancer marked as chosen',
  },
  categoriesHeading: { id: 'home.categories.heading', defaultMessage: 'Top categories' },
  recentHeading: { id: 'home.recent.heading', defaultMessage: 'Recent open tasks' },
  recentAll: { id: 'home.recent.all', defaultMessage: 'See all open tasks' },
  recentEmpty: {
    id: 'home.recent.empty',
    defaultMessage: 'No open tasks right now. Be the first to post one!',
  },
  recentFailed: {
    id: 'home.recent.failed',
    defaultMessage: 'Recent tasks could not be loaded.',
  },
  recentLoading: { id: 'home.recent.loading', defaultMessage: 'Loading recent tasks' },
  appHeading: { id: 'home.app.heading', defaultMessage: 'Talka in your pocket' },
  appText: {
    id: 'home.app.text',
    defaultMessage:
      'Our mobile app is on its way: post tasks, answer offers and chat with freelancers wherever you are.',
  },
  appAlt: {
    id: 'home.app.imageAlt',
    defaultMessage: 'A phone showing the Talka app with a button to post a task',
  },
});

const Stack = styled.div`
  display: grid;
  /* minmax(0, …): an auto track would grow to the widest section's min-content and push the hero
     past the column on a phone (and its text past the server-rendered first paint's). */
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.xl};
`;

const Hero = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};
  align-items: center;
  padding: ${theme.space.xl} ${theme.space.md};
  border-radius: ${theme.radii.lg};
  background: linear-gradient(135deg, #e8f1fb 0%, #f7fafd 100%);

  ${up('md')} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    padding: ${theme.space.xxl} ${theme.space.xl};
  }
`;

const HeroText = styled.div`
  display: grid;
  /* minmax(0, …): an auto track grows to its widest child's min-content (the search row's input
     and the buttons), which pushed the title and subtitle past the column on a phone, wider than
     the server's first paint of them, so their later paint became a new, larger LCP candidate. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};
`;

const HeroImage = styled.img`
  display: none;
  width: 100%;
  height: auto;

  ${up('md')} {
    display: block;
  }
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
  line-height: 1.2;

  ${up('md')} {
    font-size: ${theme.fontSizes.hero};
  }
`;

const Subtitle = styled.p`
  max-width: 40em;
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};

  ${up('sm')} {
    flex-direction: row;
  }
`;

const Search = styled.form`
  display: grid;
  /* The row must not grow to the input's intrinsic width (its size attribute's 20 characters). */
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.xs};

  label {
    font-weight: 600;
  }

  div {
    display: flex;
    gap: ${theme.space.sm};
  }

  input {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    padding: ${theme.space.sm} ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    font: inherit;
  }
`;

// The sections under the hero are laid out and painted when they come near the screen, not all in
// the first frame (docs/PERFORMANCE.md, "Lighthouse"); the size is a guess until they have been seen.
const Section = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 640px;

  h2 {
    margin: 0 0 ${theme.space.md};
    font-size: ${theme.fontSizes.xl};
  }
`;

const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const Steps = styled.ol`
  display: grid;
  gap: ${theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  ${up('md')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  svg {
    width: 100%;
    max-width: 240px;
    height: auto;
  }

  h3 {
    margin: ${theme.space.sm} 0 ${theme.space.xs};
  }

  p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

const Promo = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 480px;
  display: grid;
  gap: ${theme.space.lg};
  align-items: center;
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.secondaryText};
  color: #fff;

  ${up('md')} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }

  h2 {
    margin: 0 0 ${theme.space.sm};
  }

  img {
    width: 100%;
    max-width: 320px;
    height: auto;
  }
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
`;

function RecentTasks() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { data, isLoading, isError } = useGetTasksQuery(recentTasksArgs(locale));
  if (isLoading) return <Spinner label={intl.formatMessage(messages.recentLoading)} />;
  if (isError || !data) return <Muted>{intl.formatMessage(messages.recentFailed)}</Muted>;
  if (data.data.length === 0) return <Muted>{intl.formatMessage(messages.recentEmpty)}</Muted>;
  return (
    <CardGrid>
      {data.data.map((task) => (
        <li key={task.uuid}>
          <TaskSummaryCard task={task} locale={locale} />
        </li>
      ))}
    </CardGrid>
  );
}

export default function HomePage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const navigate = useNavigate();
  const searchId = useId();
  useDocumentTitle(intl.formatMessage(messages.pageTitle));

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q');
    const q = field instanceof HTMLInputElement ? field.value.trim() : '';
    navigate(routePath(locale, 'tasks', {}, { q: q || undefined }));
  };

  const steps = [
    ['step-create', messages.stepCreateTitle, messages.stepCreateText, messages.stepCreateAlt],
    ['step-offers', messages.stepOffersTitle, messages.stepOffersText, messages.stepOffersAlt],
    ['step-choose', messages.stepChooseTitle, messages.stepChooseText, messages.stepChooseAlt],
  ] as const;

  return (
    <Stack>
      <Hero aria-labelledby="home-hero-title">
        <HeroText>
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
          <Search role="search" onSubmit={onSearch}>
            <label htmlFor={searchId}>{intl.formatMessage(messages.searchLabel)}</label>
            <div>
              <input
                id={searchId}
                name="q"
                type="search"
                placeholder={intl.formatMessage(messages.searchPlaceholder)}
              />
              <Button type="submit">{intl.formatMessage(messages.searchSubmit)}</Button>
            </div>
          </Search>
        </HeroText>
        {/* Small SVG with fixed size: no layout shift. Lazy: it is hidden on phones, where an eager
            image would still be fetched and drawn (each SVG image is a document of its own, 10-50 ms
            of a phone's main thread) and preloaded by React's server render before the bundles. */}
        <HeroImage
          src={homeImage('hero')}
          alt={intl.formatMessage(messages.heroAlt)}
          width={480}
          height={320}
          loading="lazy"
          decoding="async"
        />
      </Hero>

      <Section aria-labelledby="home-categories-title">
        <h2 id="home-categories-title">{intl.formatMessage(messages.categoriesHeading)}</h2>
        <TopCategories />
      </Section>

      <Section aria-labelledby="home-how-title">
        <h2 id="home-how-title">{intl.formatMessage(messages.howHeading)}</h2>
        <Steps>
          {steps.map(([image, title, text, alt]) => (
            <li key={image}>
              {/* Inline, not <img>: each SVG file is a document of its own for the browser. */}
              <InlineSvg
                picture={STEP_PICTURES[image]}
                label={intl.formatMessage(alt)}
                width={240}
                height={160}
              />
              <h3>{intl.formatMessage(title)}</h3>
              <p>{intl.formatMessage(text)}</p>
            </li>
          ))}
        </Steps>
      </Section>

      <Section aria-labelledby="home-recent-title">
        <SectionHeader>
          <h2 id="home-recent-title">{intl.formatMessage(messages.recentHeading)}</h2>
          <Link to={routePath(locale, 'tasks', {}, { status: 'open' })}>
            {intl.formatMessage(messages.recentAll)}
          </Link>
        </SectionHeader>
        <RecentTasks />
      </Section>

      <Promo aria-labelledby="home-app-title">
        <div>
          <h2 id="home-app-title">{intl.formatMessage(messages.appHeading)}</h2>
          <p>{intl.formatMessage(messages.appText)}</p>
        </div>
        <img
          src={homeImage('app-promo')}
          alt={intl.formatMessage(messages.appAlt)}
          width={320}
          height={240}
          loading="lazy"
          decoding="async"
        />
      </Promo>
    </Stack>
  );
}
