import { screen } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmModal } from '../../../src/web/ui/ConfirmModal';
import { Modal, type ModalProps } from '../../../src/web/ui/Modal';
import { renderWithProviders } from '../../support/render';

function Harness(props: Partial<ModalProps> & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        title="Edit task"
        {...props}
        isOpen={open}
        onClose={() => {
          props.onClosed?.();
          setOpen(false);
        }}
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <input aria-label="Title" />
      </Modal>
    </>
  );
}

beforeEach(() => {
  document.body.style.overflow = 'scroll';
});

describe('Modal', () => {
  it('is a labelled dialog in a portal, hides page overflow while open and restores it', async () => {
    const { user, container } = renderWithProviders(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('defaults to size xl and accepts others', async () => {
    const { user, unmount } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', 'xl');
    unmount();
    const second = renderWithProviders(<Harness size="sm" />);
    await second.user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', 'sm');
  });

  it('closes on Escape, on the backdrop and on the close button', async () => {
    const onClosed = jest.fn();
    const { user } = renderWithProviders(<Harness onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(3);
  });

  it('does not close on a click inside the dialog', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('with closeOnlyViaActions ignores Escape and the backdrop and has no close button', async () => {
    const onClosed = jest.fn();
    const { user } = renderWithProviders(<Harness closeOnlyViaActions onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus inside, traps Tab, and returns focus to the opener', async () => {
    const { user } = renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });
});

describe('ConfirmModal', () => {
  function Confirm({ loading }: { loading: boolean }) {
    return (
      <ConfirmModal
        isOpen
        title="Delete task?"
        loading={loading}
        onConfirm={onConfirm}
        onCancel={onCancel}
        confirmLabel="Delete"
      >
        This cannot be undone.
      </ConfirmModal>
    );
  }
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  beforeEach(() => {
    onConfirm.mockReset();
    onCancel.mockReset();
  });

  it('confirms and cancels through its buttons', async () => {
    const { user } = renderWithProviders(<Confirm loading={false} />);
    expect(screen.getByRole('dialog', { name: 'Delete task?' })).toHaveAttribute('data-size', 'xl');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner on confirm and disables it while loading', async () => {
    const { user } = renderWithProviders(<Confirm loading />);
    const confirm = screen.getByRole('button', { name: /Delete/ });
    expect(confirm).toBeDisabled();
    expect(confirm).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
