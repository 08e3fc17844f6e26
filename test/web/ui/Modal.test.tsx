import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmModal } from '../../../src/web/ui/ConfirmModal';
import { Modal, tabbableIn, type ModalProps } from '../../../src/web/ui/Modal';
import { theme } from '../../../src/web/app/theme';
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

  it('wraps past stops Tab never reaches (a display:none file input last) in both directions', async () => {
    const { user } = renderWithProviders(
      <Modal isOpen title="Edit task" onClose={() => {}}>
        <button type="button">Upload</button>
        <input type="file" aria-label="Files" style={{ display: 'none' }} />
        <div hidden>
          <button type="button">Hidden</button>
        </div>
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(upload).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(upload).toHaveFocus();
  });

  it('brings focus that leaves the open dialog back to where it was inside', async () => {
    const { user } = renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.tab();
    expect(title).toHaveFocus();
    opener.focus();
    expect(title).toHaveFocus();
  });

  it('lists as tab stops only the checked radio of a group (or the first when none is)', () => {
    document.body.innerHTML = `
      <div id="root">
        <input type="radio" name="a" value="1" /><input type="radio" name="a" value="2" checked />
        <input type="radio" name="b" value="1" /><input type="radio" name="b" value="2" />
        <button type="button" disabled>Off</button><a href="/x">Link</a>
      </div>`;
    const stops = tabbableIn(document.getElementById('root')!);
    expect(
      stops.map(
        (el) => `${el.getAttribute('name') ?? el.tagName}:${el.getAttribute('value') ?? ''}`,
      ),
    ).toEqual(['a:2', 'b:1', 'A:']);
    document.body.innerHTML = '';
  });
});

describe('ConfirmModal', () => {
  it('renders nothing while closed, and its dialog once opened', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <ConfirmModal
            isOpen={open}
            title="Delete task?"
            onConfirm={onConfirm}
            onCancel={() => setOpen(false)}
          />
        </>
      );
    }
    const { user } = renderWithProviders(<Opener />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete task?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus goes back to what opened it, as with any dialog.
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

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
    // The dialog's module loads when a dialog first opens (ui/LazyModal.tsx).
    expect(await screen.findByRole('dialog', { name: 'Delete task?' })).toHaveAttribute(
      'data-size',
      'xl',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner on confirm and disables it while loading', async () => {
    const { user } = renderWithProviders(<Confirm loading />);
    const confirm = await screen.findByRole('button', { name: /Delete/ });
    expect(confirm).toBeDisabled();
    expect(confirm).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('danger: a small dialog with a red confirm that only its buttons close while it works', async () => {
    const danger = (loading: boolean) => (
      <ConfirmModal
        isOpen
        danger
        loading={loading}
        title="Delete task?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        This cannot be undone.
      </ConfirmModal>
    );
    const { user, unmount } = renderWithProviders(danger(true));
    expect(await screen.findByRole('dialog', { name: 'Delete task?' })).toHaveAttribute(
      'data-size',
      'sm',
    );
    expect(screen.getByRole('button', { name: /Confirm/ })).toHaveStyle({
      backgroundColor: theme.colors.danger,
    });
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onCancel).not.toHaveBeenCalled();
    unmount();

    // Not working: Escape cancels as in any dialog.
    renderWithProviders(danger(false));
    await screen.findByRole('dialog', { name: 'Delete task?' });
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
