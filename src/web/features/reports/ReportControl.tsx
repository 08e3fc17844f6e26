import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../ui/Button';
import { reportMessages as messages } from './messages';
import { withMessageParts } from '../../i18n/loadMessages';

// The report form (final-form, yup) loads when the button opens it.
const ReportModal = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "report-form" */ './ReportModal').then((module) => ({
        default: module.ReportModal,
      })),
    ['later'],
  ),
);

/**
 * The 'Report' button for everyone but the owner (the lifecycle machine's REPORT), or, with a
 * questionId, for everyone but the question's asker (issue 20).
 */
export function ReportControl({ taskUuid, questionId }: { taskUuid: string; questionId?: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="link" onClick={() => setOpen(true)}>
        {intl.formatMessage(messages.report)}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportModal taskUuid={taskUuid} questionId={questionId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
