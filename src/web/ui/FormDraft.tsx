import { useCallback, useEffect, useState } from 'react';
import type { FormApi } from 'final-form';
import { useForm } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from './Button';
import { readDraft, removeDraft, writeDraft } from './draft';
import { uiMessages } from './messages';
import { hasUnsavedInput, useConfirmDiscard } from './UnsavedChangesGuard';
import { theme } from '../app/theme';

const Restored = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.md};
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.secondary};
`;

type Values = Record<string, unknown>;

const pick = (values: Values, fields: readonly string[]): Values =>
  Object.fromEntries(fields.map((field) => [field, values[field]]));

/** Typed input: a field differs from what "nothing typed" means for this form. */
const differs = (values: Values, base: Values, fields: readonly string[]): boolean =>
  fields.some((field) => (values[field] ?? '') !== (base[field] ?? ''));

export interface FormDraftProps {
  /** ui/draft.ts draftKey(): one per form and subject (task, offer, user). */
  storageKey: string;
  /** The fields kept (plain values: strings, numbers, booleans). */
  fields: readonly string[];
  /** What the form holds before anything is typed: equal to it, there is no draft to keep. */
  base: object;
}

/**
 * Keeps a react-final-form form's typed input in a draft (ui/draft.ts) and puts it back when the
 * form opens again, as changes over the form's initial values (so it counts as unsaved input),
 * with a note and a "Discard" button. A successful submit leaves the stored draft alone (the caller
 * removes it once the server has saved); a submit that did not get through (a 419 logging the
 * user out) keeps it.
 */
export function FormDraft({ storageKey, fields, base }: FormDraftProps) {
  const intl = useIntl();
  const form = useForm<Values>('FormDraft');
  // fields and base are read once, when the form opens.
  const [{ fields: kept, base: empty }] = useState({ fields, base: base as Values });

  /** The stored values that differ from the form's (none: nothing to restore). */
  const restorable = useCallback(
    (key: string): Values => {
      const draft = readDraft(key);
      if (!draft || !differs(draft, empty, kept)) return {};
      const current = form.getState().values;
      return pick(
        draft,
        kept.filter((field) => field in draft && draft[field] !== current[field]),
      );
    },
    [form, empty, kept],
  );
  // Whether the note shows, per key (the user's uuid in it may arrive after the form opened).
  const [note, setNote] = useState(() => ({
    key: storageKey,
    shown: Object.keys(restorable(storageKey)).length > 0,
  }));
  if (note.key !== storageKey) {
    setNote({ key: storageKey, shown: Object.keys(restorable(storageKey)).length > 0 });
  }
  const restored = note.shown;

  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    // After this commit's other effects: a Field sets its initial value when it registers (in its
    // own effect), which would overwrite a value restored before it.
    queueMicrotask(() => {
      if (cancelled) return;
      const changes = restorable(storageKey);
      form.batch(() => {
        for (const [field, value] of Object.entries(changes)) form.change(field, value);
      });
      // Listens after the restore: the first call sees the restored values.
      unsubscribe = form.subscribe(
        ({ values, submitSucceeded, dirtySinceLastSubmit }) => {
          // Sent: the caller removes the draft on the server's yes; a 419 must not drop it.
          if (submitSucceeded && !dirtySinceLastSubmit) return;
          if (differs(values, empty, kept)) writeDraft(storageKey, pick(values, kept));
          else removeDraft(storageKey);
        },
        { values: true, submitSucceeded: true, dirtySinceLastSubmit: true },
      );
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [form, storageKey, kept, empty, restorable]);

  if (!restored) return null;
  return (
    <Restored role="status">
      <span>{intl.formatMessage(uiMessages.draftRestored)}</span>
      <Button
        $variant="link"
        onClick={() => {
          removeDraft(storageKey);
          form.batch(() => {
            for (const field of kept) form.change(field, form.getState().initialValues?.[field]);
          });
          setNote({ key: storageKey, shown: false });
        }}
      >
        {intl.formatMessage(uiMessages.discard)}
      </Button>
    </Restored>
  );
}

/**
 * Closing a drafted form's dialog: with unsaved input it asks first (useConfirmDiscard); closed,
 * the input is thrown away on purpose, so its draft goes too.
 */
export function useCloseDraftedForm<V>(form: FormApi<V>, storageKey: string, onClose: () => void) {
  return useConfirmDiscard(
    () => hasUnsavedInput(form.getState()),
    () => {
      removeDraft(storageKey);
      onClose();
    },
  );
}
