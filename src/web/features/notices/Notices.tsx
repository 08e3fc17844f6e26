import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { ButtonLink } from '../../ui/Button';
import { NoticeStack } from '../../ui/NoticeStack';
import { uiMessages } from '../../ui/messages';
import { dismissNotice, selectNotices } from './noticesSlice';

export const NOTICE_TIMEOUT_MS = 5000;
/** A notice with a link stays longer: time to read it and reach the link. */
export const NOTICE_WITH_LINK_TIMEOUT_MS = 15_000;

/** One timer per notice, started when it appears, so new notices never extend old ones. */
function AutoDismiss({ id, timeout }: { id: string; timeout: number }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissNotice(id)), timeout);
    return () => clearTimeout(timer);
  }, [id, timeout, dispatch]);
  return null;
}

/** The toast stack: notices from anywhere, translated at render time, gone after ~5 s. */
export function Notices() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const notices = useAppSelector(selectNotices);
  const locale = useAppSelector(selectLocale);
  return (
    <>
      {notices.map((notice) => (
        <AutoDismiss
          key={notice.id}
          id={notice.id}
          timeout={notice.link ? NOTICE_WITH_LINK_TIMEOUT_MS : NOTICE_TIMEOUT_MS}
        />
      ))}
      <NoticeStack
        dismissLabel={intl.formatMessage(uiMessages.dismiss)}
        onDismiss={(id) => dispatch(dismissNotice(id))}
        items={notices.map((notice) => ({
          id: notice.id,
          kind: notice.kind,
          text: intl.formatMessage(notice.message, notice.values),
          action: notice.link && (
            // Following the link is reading the notice: it goes.
            <ButtonLink
              $variant="link"
              to={routePath(locale, notice.link.route, notice.link.params)}
              onClick={() => dispatch(dismissNotice(notice.id))}
            >
              {intl.formatMessage(notice.link.label)}
            </ButtonLink>
          ),
        }))}
      />
    </>
  );
}
