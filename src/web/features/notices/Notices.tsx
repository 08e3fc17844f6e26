import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeStack } from '../../ui/NoticeStack';
import { uiMessages } from '../../ui/messages';
import { dismissNotice, selectNotices } from './noticesSlice';

export const NOTICE_TIMEOUT_MS = 5000;

/** One timer per notice, started when it appears, so new notices never extend old ones. */
function AutoDismiss({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissNotice(id)), NOTICE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [id, dispatch]);
  return null;
}

/** The toast stack: notices from anywhere, translated at render time, gone after ~5 s. */
export function Notices() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const notices = useAppSelector(selectNotices);
  return (
    <>
      {notices.map((notice) => (
        <AutoDismiss key={notice.id} id={notice.id} />
      ))}
      <NoticeStack
        dismissLabel={intl.formatMessage(uiMessages.dismiss)}
        onDismiss={(id) => dispatch(dismissNotice(id))}
        items={notices.map((notice) => ({
          id: notice.id,
          kind: notice.kind,
          text: intl.formatMessage(notice.message, notice.values),
        }))}
      />
    </>
  );
}
