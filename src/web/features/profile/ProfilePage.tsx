import moment from 'moment';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import type { ActiveProfile, ProfileReview } from '../../../shared/types';
import { useAppSelector } from '../../app/hooks';
import { theme, up } from '../../app/theme';
import { selectLocale } from '../../i18n/i18nSlice';
import { LANGUAGE_NAMES } from '../../i18n/LanguageSwitcher';
import { routePath } from '../../i18n/routes';
import { Avatar } from '../../ui/Avatar';
import { Button, ButtonLink } from '../../ui/Button';
import { CardGrid } from '../../ui/CardGrid';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMeQuery } from '../session/sessionApi';
import { TaskSummaryCard } from '../taskList';
import { profileMessages as messages } from './messages';
import { PhotoUpload } from './PhotoUpload';
import { ProfileEditForm } from './ProfileEditForm';
import { useGetProfileQuery } from './profileApi';
import { Badge } from '../../ui/Badge';

const Page = styled.div`
  display: grid;
  gap: ${theme.space.lg};

  ${up('lg')} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.md};
  grid-column: 1 / -1;

  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

const Box = styled.section`
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};

  h2 {
    margin: 0 0 ${theme.space.md};
    font-size: ${theme.fontSizes.lg};
  }

  h3 {
    margin: ${theme.space.md} 0 ${theme.space.sm};
    font-size: ${theme.fontSizes.md};
  }
`;

const Main = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  min-width: 0;
`;

const Ratings = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${theme.space.sm};
  margin: 0;

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
  }
`;

const Stars = styled.span`
  color: #b07a00;
  letter-spacing: 1px;
`;

const Plain = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${theme.space.md};
`;

const Review = styled.li`
  padding-bottom: ${theme.space.sm};
  border-bottom: 1px solid ${theme.colors.border};

  p {
    margin: ${theme.space.xs} 0 0;
  }
`;

const Center = styled.section`
  display: grid;
  justify-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.xl} ${theme.space.md};
  text-align: center;
`;

function StarsOf({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return <Stars aria-hidden="true">{'★'.repeat(full) + '☆'.repeat(Math.max(0, 5 - full))}</Stars>;
}

function ReviewList({ reviews }: { reviews: ProfileReview[] }) {
  const intl = useIntl();
  if (reviews.length === 0) return <Muted>{intl.formatMessage(messages.noReviews)}</Muted>;
  return (
    <Plain>
      {reviews.map((review) => (
        <Review key={`${review.task.identifier}-${review.created_at}`}>
          <div>
            <StarsOf rating={review.rate} />{' '}
            <span>{intl.formatMessage(messages.reviewRate, { rate: review.rate })}</span>
            {review.status === 'incomplete' && (
              <Badge>{intl.formatMessage(messages.reviewNotCompleted)}</Badge>
            )}
          </div>
          {review.feedback && <p>{review.feedback}</p>}
          <Muted>
            {review.author?.display_name ?? intl.formatMessage(messages.deletedReviewer)}
            {' · '}
            {intl.formatMessage(messages.reviewOnTask, { title: review.task.title })}
            {' · '}
            {moment(review.created_at).format('DD.MM.YYYY')}
          </Muted>
        </Review>
      ))}
    </Plain>
  );
}

function RatingValue({ rating, count }: { rating: number | null; count: number }) {
  const intl = useIntl();
  if (rating === null) return <>{intl.formatMessage(messages.noRating)}</>;
  return (
    <>
      <StarsOf rating={rating} />{' '}
      {intl.formatMessage(messages.rating, {
        rating,
      })}{' '}
      ({intl.formatMessage(messages.reviewsCount, { count })})
    </>
  );
}

/** The page shown for a deleted account. */
export function DeletedUserPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  useDocumentTitle(intl.formatMessage(messages.deletedTitle));
  return (
    <Center aria-labelledby="deleted-user-title">
      <Avatar deleted alt={intl.formatMessage(messages.deletedTitle)} size={96} />
      <h1 id="deleted-user-title">{intl.formatMessage(messages.deletedTitle)}</h1>
      <p>{intl.formatMessage(messages.deletedText)}</p>
      <ButtonLink to={routePath(locale, 'home')} $variant="secondary">
        {intl.formatMessage(messages.deletedHome)}
      </ButtonLink>
    </Center>
  );
}

function ActiveProfileView({ profile, own }: { profile: ActiveProfile; own: boolean }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { data: me } = useMeQuery();
  useDocumentTitle(intl.formatMessage(messages.pageTitle, { name: profile.display_name }));
  // Stable between renders, or final-form would reset what the user typed.
  const initialValues = useMemo(
    () => ({
      display_name: me?.display_name ?? profile.display_name,
      phone_number: me?.phone_number ?? '',
      languages: me?.languages ?? profile.languages,
    }),
    [me?.display_name, me?.phone_number, me?.languages, profile.display_name, profile.languages],
  );
  const asCustomer = profile.reviews.filter((r) => r.target_role === 'customer');
  const asFreelancer = profile.reviews.filter((r) => r.target_role === 'freelancer');

  return (
    <Page>
      <Header>
        <Avatar
          src={profile.photo?.thumbnail}
          name={profile.display_name}
          alt={profile.display_name}
          size={96}
          online={profile.is_online}
          statusLabel={intl.formatMessage(profile.is_online ? messages.online : messages.offline)}
        />
        <div>
          <h1>
            {profile.display_name}
            {profile.is_legal && <Badge>{intl.formatMessage(messages.business)}</Badge>}
            {profile.is_freelancer && <Badge>{intl.formatMessage(messages.freelancerBadge)}</Badge>}
          </h1>
          <Muted>
            {intl.formatMessage(messages.memberSince, {
              date: moment(profile.created_at).format('DD.MM.YYYY'),
            })}
          </Muted>
        </div>
      </Header>

      <Main>
        <Box aria-labelledby="profile-ratings">
          <h2 id="profile-ratings">{intl.formatMessage(messages.ratingsHeading)}</h2>
          <Ratings>
            <dt>{intl.formatMessage(messages.customerRating)}</dt>
            <dd>
              <RatingValue rating={profile.customer_rating} count={asCustomer.length} />
            </dd>
            <dt>{intl.formatMessage(messages.freelancerRating)}</dt>
            <dd>
              <RatingValue rating={profile.freelancer_rating} count={asFreelancer.length} />
            </dd>
          </Ratings>
        </Box>

        <Box aria-labelledby="profile-reviews">
          <h2 id="profile-reviews">{intl.formatMessage(messages.reviewsHeading)}</h2>
          <h3>{intl.formatMessage(messages.reviewsAsCustomer)}</h3>
          <ReviewList reviews={asCustomer} />
          <h3>{intl.formatMessage(messages.reviewsAsFreelancer)}</h3>
          <ReviewList reviews={asFreelancer} />
        </Box>

        <Box aria-labelledby="profile-tasks">
          <h2 id="profile-tasks">{intl.formatMessage(messages.tasksHeading)}</h2>
          {profile.tasks.length === 0 ? (
            <Muted>{intl.formatMessage(messages.noTasks)}</Muted>
          ) : (
            <CardGrid $columns={2}>
              {profile.tasks.map((task) => (
                <li key={task.uuid}>
                  <TaskSummaryCard task={task} locale={locale} />
                </li>
              ))}
            </CardGrid>
          )}
        </Box>
      </Main>

      <Main>
        <Box aria-labelledby="profile-languages">
          <h2 id="profile-languages">{intl.formatMessage(messages.languagesHeading)}</h2>
          {profile.languages.length === 0 ? (
            <Muted>{intl.formatMessage(messages.noLanguages)}</Muted>
          ) : (
            <Plain as="ul">
              {profile.languages.map((code) => (
                <li key={code}>
                  {code.toUpperCase()} · {LANGUAGE_NAMES[code] ?? code}
                </li>
              ))}
            </Plain>
          )}
          {profile.categories.length > 0 && (
            <>
              <h3>{intl.formatMessage(messages.categoriesHeading)}</h3>
              <Plain as="ul">
                {profile.categories.map((category) => (
                  <li key={category.id}>
                    <Link to={routePath(locale, 'tasks', {}, { categories: category.slug })}>
                      {category.title}
                    </Link>
                  </li>
                ))}
              </Plain>
            </>
          )}
        </Box>

        {own && (
          <Box aria-labelledby="profile-edit">
            <h2 id="profile-edit">{intl.formatMessage(messages.editHeading)}</h2>
            <PhotoUpload current={me?.photo?.thumbnail ?? profile.photo?.thumbnail} />
            <ProfileEditForm initialValues={initialValues} />
            {!profile.is_freelancer && (
              <p>
                <Link
                  to={routePath(
                    locale,
                    'becomeFreelancer',
                    {},
                    { next: routePath(locale, 'profile', { uuid: profile.uuid }) },
                  )}
                >
                  {intl.formatMessage(messages.becomeFreelancer)}
                </Link>
              </p>
            )}
          </Box>
        )}
      </Main>
    </Page>
  );
}

/** /{locale}/user/profile/{uuid}: the public profile; its owner also edits it here. */
export default function ProfilePage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { uuid = '' } = useParams<{ uuid: string }>();
  const { data: profile, isLoading, isError, refetch } = useGetProfileQuery({ uuid, locale });
  const { data: me } = useMeQuery();

  if (isLoading) return <Spinner label={intl.formatMessage(messages.loading)} />;
  if (isError || !profile) {
    return (
      <Center role="alert">
        <p>{intl.formatMessage(messages.loadFailed)}</p>
        <Button $variant="secondary" onClick={() => void refetch()}>
          {intl.formatMessage(messages.retry)}
        </Button>
      </Center>
    );
  }
  if (profile.deleted) return <DeletedUserPage />;
  return <ActiveProfileView profile={profile} own={me?.uuid === profile.uuid} />;
}
