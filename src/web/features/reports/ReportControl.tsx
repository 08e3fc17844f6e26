import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../ui/Button';
import { reportMessages as messages } from './messages';
import { ReportModal } from './ReportModal';

/** The 'Report' button for everyone but the owner (the lifecycle machine's REPORT). */
export function ReportControl({ taskUuid }: { taskUuid: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="link" onClick={() => setOpen(true)}>
        {intl.formatMessage(messages.report)}
      </Button>
      {open && <ReportModal taskUuid={taskUuid} onClose={() => setOpen(false)} />}
    </>
  );
}
