import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type FormEvent,
  type Ref,
} from 'react';
import { FORM_ERROR, getIn, type FormApi, type Mutator, type SubmissionErrors } from 'final-form';
import { Field, Form, FormSpy, useForm, useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { TASK_IMAGE_FORMATS } from '../../../shared/imageFormats';
import { LIMITS } from '../../../shared/limits';
import { LOCALES } from '../../../shared/locales';
import type { DueType, LocationType, Task } from '../../../shared/types';
import {
  applyDueType,
  applyLocationType,
  DUE_TYPES,
  LOCATION_TYPES,
  toMultipart,
  type TaskFormContext,
  type TaskFormValues,
} from '../../../shared/validation/taskForm';
import { errorStatus, isNetworkError, isValidationError } from '../../api/baseQuery';
import { useNow } from '../../app/clock';
import { useAppDispatch } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { Button } from '../../ui/Button';
import { hasUnsavedInput, UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { FormAlert } from '../../ui/FormAlert';
import { Tooltip } from '../../ui/Tooltip';
import { DateTimeInput } from '../../ui/DateTimeInput';
import { ImageDropzone } from '../../ui/ImageDropzone';
import { showNotice } from '../notices/noticesSlice';
import { BudgetFields } from './components/BudgetFields';
import { CategoryCascade } from './components/CategoryCascade';
import {
  Choices,
  BelowField,
  Counter,
  ErrorLine,
  Fieldset,
  Group,
  Input,
  Label,
  Legend,
  Textarea,
  RadioChoices,
  TwoColumns,
  shownError,
} from './components/fields';
import { LocationList } from './components/LocationList';
import { TASK_DEADLINE_FIELD_ID } from './fieldIds';
import { languageMessages, taskFormMessages as messages } from './messages';
import {
  isAborted,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  type CreatedTask,
} from './taskFormApi';
import { focusFirstError } from '../../ui/formErrors';
import { serverSubmissionErrors, validateTaskForm } from './validate';
import { theme } from '../../app/theme';

const FormBody = styled.form`
  display: grid;
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  align-items: center;
  justify-content: flex-end;

  /* The refused submit stays focusable (aria-disabled), looking refused. */
  button[aria-disabled='true'] {
    cursor: not-allowed;
  }
`;

const Progress = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  margin-bottom: ${theme.space.md};

  progress {
    width: 100%;
    height: 0.75rem;
  }
`;

const pad = (n: number): string => String(n).padStart(2, '0');
const todayDate = (now: Date): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const dateOf = (value: string | null | undefined): string | undefined =>
  value ? value.slice(0, 10) : undefined;
const later = (a: string, b: string | undefined): string => (b && b > a ? b : a);

export type TaskFormMode = 'create' | 'update';

export type TaskSaved = { mode: 'create'; created: CreatedTask } | { mode: 'update'; task: Task };

export interface TaskFormProps {
  mode: TaskFormMode;
  /** Keep it stable (memoised): a new object resets the form. */
  initialValues: TaskFormValues;
  /** The stored dates of the task being edited: unchanged, they may lie in the past. */
  original?: TaskFormContext['original'];
  /** After the server saved the task (the notice is shown already). */
  onSaved: (saved: TaskSaved) => void;
  /** Every change of the values (the create page keeps a draft). */
  onValuesChange?: (values: TaskFormValues) => void;
  /** Shown as a secondary button beside the submit (the edit modal's cancel). */
  onCancel?: () => void;
  /** Receives "does the form hold unsaved input?" (the edit modal asks before closing). */
  unsavedRef?: Ref<() => boolean>;
}

/** Hands the form's unsaved-input test to a ref (for a caller outside the form). */
function UnsavedProbe({ target, probe }: { target: Ref<() => boolean>; probe: () => boolean }) {
  useImperativeHandle(target, () => probe, [probe]);
  return null;
}

type Request = { abort: () => void };

/**
 * Drops one field's server (422) error; once no field error is left, the form's "some fields need
 * attention" goes too. For errors about things that are not form values (the chosen files).
 */
const clearSubmitError: Mutator<TaskFormValues> = ([name]: string[], state, { setIn }) => {
  const { formState } = state;
  if (!formState.submitErrors || name === undefined) return;
  const rest = (setIn(formState.submitErrors, name, undefined) ?? {}) as Record<string, unknown>;
  if (Object.keys(rest).some((key) => key !== FORM_ERROR)) {
    formState.submitErrors = rest;
  } else {
    delete formState.submitErrors;
    delete formState.submitError;
  }
};
const MUTATORS = { clearSubmitError };

/** The files a 422 was about: `images.<n>` names the n-th file sent. */
interface RejectedFiles {
  /** Named by the server; none when the error was about the images as a whole (too many). */
  bad: File[];
}

/** The task create/edit form (SPEC section 2), validated by the shared schema. */
export function TaskForm({
  mode,
  initialValues,
  original,
  onSaved,
  onValuesChange,
  onCancel,
  unsavedRef,
}: TaskFormProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [createTask] = useCreateTaskMutation();
  const [updateTask] = useUpdateTaskMutation();
  const [files, setFiles] = useState<File[]>([]);
  const [imageErrors, setImageErrors] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const request = useRef<Request | null>(null);
  // The validator and onSubmit read the files through this ref (they are not form values).
  const filesRef = useRef(files);
  // The server's image error stands while a file it named is still chosen.
  const rejectedFiles = useRef<RejectedFiles | null>(null);
  const changeFiles = useCallback((next: File[], form: FormApi<TaskFormValues>) => {
    filesRef.current = next;
    setFiles(next);
    const rejected = rejectedFiles.current;
    if (rejected && !rejected.bad.some((file) => next.includes(file))) {
      rejectedFiles.current = null;
      form.mutators.clearSubmitError?.('images');
    }
  }, []);
  const formRef = useRef<HTMLFormElement>(null);

  // Stable, so react-final-form does not re-register it on every render.
  const validate = useCallback(
    (values: TaskFormValues) =>
      validateTaskForm(
        values,
        {
          now: new Date(),
          images_total: (values.images?.length ?? 0) + filesRef.current.length,
          original,
        },
        intl,
      ),
    [intl, original],
  );

  useEffect(() => () => request.current?.abort(), []);

  const onSubmit = async (values: TaskFormValues): Promise<SubmissionErrors | undefined> => {
    const sent = filesRef.current;
    rejectedFiles.current = null;
    const form = toMultipart(
      values,
      sent,
      values.removable_images,
      mode === 'update' ? { method: 'PUT' } : {},
    );
    setProgress(0);
    const pending =
      mode === 'update' && values.uuid
        ? updateTask({ uuid: values.uuid, form, onProgress: setProgress })
        : createTask({ form, onProgress: setProgress });
    request.current = pending;
    const result: { data: CreatedTask | Task; error?: undefined } | { error: unknown } =
      await pending;
    request.current = null;
    setProgress(null);

    if (result.error !== undefined) {
      const { error } = result;
      if (isAborted(error)) {
        dispatch(showNotice({ kind: 'info', message: messages.uploadCancelled }));
        return undefined;
      }
      if (isValidationError(error)) {
        const named = (index: number) => (error.data.errors[`images.${index}`]?.length ?? 0) > 0;
        if (Object.keys(error.data.errors).some((key) => /^images(\.\d+)?$/.test(key)))
          rejectedFiles.current = { bad: sent.filter((_, index) => named(index)) };
        return serverSubmissionErrors(error, intl.formatMessage(messages.serverInvalid));
      }
      const status = errorStatus(error);
      // The session saga logs out and goes to login; the draft keeps what was typed.
      if (status === 401 || status === 419) return undefined;
      // No answer (server restarting, offline): the form stays as typed for another try.
      if (isNetworkError(error))
        return { [FORM_ERROR]: intl.formatMessage(commonMessages.networkError) };
      return { [FORM_ERROR]: intl.formatMessage(messages.failed) };
    }
    if ('data' in result && mode === 'create') {
      dispatch(showNotice({ kind: 'success', message: messages.created }));
      onSaved({ mode: 'create', created: result.data as CreatedTask });
    } else if ('data' in result) {
      dispatch(showNotice({ kind: 'success', message: messages.updated }));
      onSaved({ mode: 'update', task: result.data as Task });
    }
    return undefined;
  };

  return (
    <Form<TaskFormValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      mutators={MUTATORS}
      subscription={{ submitting: true }}
      render={({ handleSubmit, form }) => {
        const unsaved = () =>
          hasUnsavedInput(form.getState(), {
            changed: filesRef.current.length > 0,
            // Set by the form from the photos, not typed.
            derived: ['images_count'],
          });
        const submit = async (event: FormEvent<HTMLFormElement>) => {
          await handleSubmit(event);
          const state = form.getState();
          if (state.hasValidationErrors || state.hasSubmitErrors) {
            // After React rendered the errors.
            setTimeout(() => focusFirstError(formRef.current), 0);
          }
        };
        return (
          <FormBody ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
            {onValuesChange && (
              <FormSpy<TaskFormValues>
                subscription={{ values: true }}
                onChange={({ values }) => onValuesChange(values)}
              />
            )}
            {/* Leaving with typed input or chosen photos asks first (links, back, redirects). */}
            <UnsavedChangesGuard unsaved={unsaved} />
            {unsavedRef && <UnsavedProbe target={unsavedRef} probe={unsaved} />}
            <TaskFormFields
              mode={mode}
              files={files}
              onFilesChange={(next) => changeFiles(next, form)}
              onImageErrorsChange={setImageErrors}
            />
            <SubmitArea
              mode={mode}
              imageErrors={imageErrors}
              progress={progress}
              onAbort={() => request.current?.abort()}
              onCancel={onCancel}
            />
          </FormBody>
        );
      }}
    />
  );
}

interface FieldsProps {
  mode: TaskFormMode;
  files: File[];
  onFilesChange: (files: File[]) => void;
  onImageErrorsChange: (hasErrors: boolean) => void;
}

function TaskFormFields({ mode, files, onFilesChange, onImageErrorsChange }: FieldsProps) {
  const intl = useIntl();
  const form = useForm<TaskFormValues>();
  const { values } = useFormState<TaskFormValues>({ subscription: { values: true } });

  // The schema counts existing + new images; files live outside the values (they are Blobs).
  const imagesTotal = values.images.length + files.length;
  useEffect(() => {
    if (form.getState().values.images_count !== imagesTotal)
      form.change('images_count', imagesTotal);
  }, [form, imagesTotal]);

  const setDueType = (dueType: DueType) => {
    const next = applyDueType(form.getState().values, dueType);
    form.batch(() => {
      form.change('due_type', next.due_type);
      form.change('due_start', next.due_start);
      form.change('due_end', next.due_end);
    });
  };

  const setLocationType = (type: LocationType) => {
    const next = applyLocationType(form.getState().values, type, { isCreate: mode === 'create' });
    form.batch(() => {
      form.change('location_type', next.location_type);
      form.change('locations', next.locations);
    });
  };

  // The date inputs' minimum: the server's day in its render and at hydration, then the browser's.
  const today = todayDate(useNow());
  const dueTypeLabels: Record<DueType, string> = {
    start: intl.formatMessage(messages.dueTypeStart),
    end: intl.formatMessage(messages.dueTypeEnd),
    period: intl.formatMessage(messages.dueTypePeriod),
  };
  const locationTypeLabels: Record<LocationType, string> = {
    anywhere: intl.formatMessage(messages.locationAnywhere),
    specific: intl.formatMessage(messages.locationSpecific),
  };
  const showStart = values.due_type === 'start' || values.due_type === 'period';
  const showEnd = values.due_type === 'end' || values.due_type === 'period';

  return (
    <>
      <CategoryCascade />

      <TextWithCounter
        name="title"
        label={intl.formatMessage(messages.title)}
        placeholder={intl.formatMessage(messages.titlePlaceholder)}
        max={LIMITS.titleMax}
      />
      <TextWithCounter
        name="description"
        label={intl.formatMessage(messages.description)}
        max={LIMITS.descriptionMax}
        multiline
      />

      <Field<TaskFormValues['images']>
        name="images"
        subscription={{ error: true, touched: true, submitError: true, dirtySinceLastSubmit: true }}
      >
        {({ meta }) => (
          <Group>
            <Label as="span" id="task-images-label">
              {intl.formatMessage(messages.images)}
            </Label>
            <ImageDropzone
              id="task-images"
              label={intl.formatMessage(messages.images)}
              existing={values.images.map((image) => ({ id: image.uuid, url: image.thumbnail }))}
              files={files}
              maxFiles={LIMITS.imagesPerTask}
              maxBytes={LIMITS.imageMaxBytes}
              formats={TASK_IMAGE_FORMATS}
              onAddFiles={(added) => onFilesChange([...files, ...added])}
              onRemoveFile={(index) => onFilesChange(files.filter((_, i) => i !== index))}
              onRemoveExisting={(uuid) =>
                form.batch(() => {
                  const current = form.getState().values;
                  form.change(
                    'images',
                    current.images.filter((image) => image.uuid !== uuid),
                  );
                  form.change('removable_images', [...current.removable_images, uuid]);
                })
              }
              onErrorsChange={onImageErrorsChange}
              error={shownError(meta)}
            />
          </Group>
        )}
      </Field>

      <Fieldset>
        <Legend>{intl.formatMessage(messages.languages)}</Legend>
        <Field
          name="languages"
          subscription={{
            error: true,
            touched: true,
            submitError: true,
            dirtySinceLastSubmit: true,
          }}
        >
          {({ meta }) => {
            const error = shownError(meta);
            return (
              <>
                <Choices>
                  {LOCALES.map((locale) => (
                    <Field<string> key={locale} name="languages" type="checkbox" value={locale}>
                      {({ input }) => (
                        <label>
                          <input
                            {...input}
                            aria-invalid={Boolean(error) || undefined}
                            aria-describedby={error ? 'task-languages-error' : undefined}
                          />
                          {intl.formatMessage(languageMessages[locale])}
                        </label>
                      )}
                    </Field>
                  ))}
                </Choices>
                <ErrorLine id="task-languages-error" error={error} />
              </>
            );
          }}
        </Field>
      </Fieldset>

      <Fieldset>
        <Legend>{intl.formatMessage(messages.dueType)}</Legend>
        <RadioChoices
          name="due_type"
          options={DUE_TYPES}
          labels={dueTypeLabels}
          onSelect={setDueType}
          errorId="task-due-type-error"
        />
        {/* Both fields stay registered while hidden: react-final-form re-applies the initial
            value to a field that registers again, which would undo applyDueType. */}
        <TwoColumns>
          <Field<string | null> name="due_start">
            {({ input, meta }) =>
              showStart ? (
                <DateTimeInput
                  id="task-due-start"
                  name={input.name}
                  label={intl.formatMessage(messages.dueStart)}
                  value={input.value || null}
                  onChange={input.onChange}
                  onBlur={() => input.onBlur()}
                  min={today}
                  max={showEnd ? dateOf(values.due_end) : undefined}
                  error={shownError(meta)}
                />
              ) : null
            }
          </Field>
          <Field<string | null> name="due_end">
            {({ input, meta }) =>
              showEnd ? (
                <DateTimeInput
                  id={TASK_DEADLINE_FIELD_ID}
                  name={input.name}
                  label={intl.formatMessage(messages.dueEnd)}
                  value={input.value || null}
                  onChange={input.onChange}
                  onBlur={() => input.onBlur()}
                  min={later(today, showStart ? dateOf(values.due_start) : undefined)}
                  error={shownError(meta)}
                />
              ) : null
            }
          </Field>
        </TwoColumns>
      </Fieldset>

      <Fieldset>
        <Legend>{intl.formatMessage(messages.locationType)}</Legend>
        <RadioChoices
          name="location_type"
          options={LOCATION_TYPES}
          labels={locationTypeLabels}
          onSelect={setLocationType}
          errorId="task-location-type-error"
        />
        {values.location_type === 'specific' && <LocationList />}
      </Fieldset>

      <BudgetFields />
    </>
  );
}

const FIELD_STATE = {
  value: true,
  error: true,
  touched: true,
  submitError: true,
  dirtySinceLastSubmit: true,
} as const;

function TextWithCounter({
  name,
  label,
  placeholder,
  max,
  multiline = false,
}: {
  name: 'title' | 'description';
  label: string;
  placeholder?: string;
  max: number;
  multiline?: boolean;
}) {
  const intl = useIntl();
  const id = `task-${name}`;
  return (
    <Field<string> name={name} subscription={FIELD_STATE}>
      {({ input, meta }) => {
        const error = shownError(meta);
        const count = (input.value ?? '').trim().length;
        const describedBy = `${id}-counter${error ? ` ${id}-error` : ''}`;
        const common = {
          ...input,
          id,
          placeholder,
          $invalid: Boolean(error),
          'aria-invalid': Boolean(error) || undefined,
          'aria-describedby': describedBy,
        };
        return (
          <Group>
            <Label htmlFor={id}>{label}</Label>
            {multiline ? <Textarea {...common} rows={6} /> : <Input {...common} type="text" />}
            {/* The counter's line holds the error: showing it moves nothing below (issue 16). */}
            <BelowField>
              <ErrorLine id={`${id}-error`} error={error} />
              <Counter
                id={`${id}-counter`}
                $over={count > max}
                aria-label={intl.formatMessage(messages.counterLabel, { count, max })}
              >
                {intl.formatMessage(messages.counter, { count, max })}
              </Counter>
            </BelowField>
          </Group>
        );
      }}
    </Field>
  );
}

function SubmitArea({
  mode,
  imageErrors,
  progress,
  onAbort,
  onCancel,
}: {
  mode: TaskFormMode;
  imageErrors: boolean;
  progress: number | null;
  onAbort: () => void;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const state = useFormState<TaskFormValues>({
    subscription: {
      submitting: true,
      hasValidationErrors: true,
      submitFailed: true,
      touched: true,
      errors: true,
      submitError: true,
      submitErrors: true,
      dirtySinceLastSubmit: true,
    },
  });
  const touchedError = Object.entries(state.touched ?? {}).some(
    ([name, touched]) => touched && getIn(state.errors ?? {}, name) !== undefined,
  );
  const serverFieldErrors =
    !state.dirtySinceLastSubmit &&
    Object.keys(state.submitErrors ?? {}).some((key) => key !== FORM_ERROR);
  const invalid =
    (state.hasValidationErrors && (state.submitFailed || touchedError)) || serverFieldErrors;
  const submitting = state.submitting;
  // Why the submit is refused (SPEC 2: while invalid or while any image error exists).
  const blockedBy = invalid
    ? messages.submitInvalidHint
    : imageErrors
      ? messages.submitImageErrorsHint
      : null;

  return (
    <div>
      {state.submitError && <FormAlert role="alert">{String(state.submitError)}</FormAlert>}
      {submitting && progress !== null && (
        <Progress>
          <label htmlFor="task-upload-progress">
            {intl.formatMessage(messages.uploadProgress, { percent: progress })}
          </label>
          <progress id="task-upload-progress" max={100} value={progress} />
        </Progress>
      )}
      <Actions>
        {submitting && (
          <Button $variant="secondary" onClick={onAbort}>
            {intl.formatMessage(messages.uploadCancel)}
          </Button>
        )}
        {onCancel && !submitting && (
          <Button $variant="secondary" onClick={onCancel}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        )}
        {/* Blocked, not disabled: a keyboard user still reaches it and hears why (its tooltip). */}
        <Tooltip content={blockedBy ? intl.formatMessage(blockedBy) : null} align="end">
          <Button
            type="submit"
            $variant={invalid ? 'danger' : 'primary'}
            $loading={submitting}
            loadingLabel={intl.formatMessage(messages.submitting)}
            aria-disabled={blockedBy ? true : undefined}
            // Also stops the implicit submission (Enter in a field clicks this default button).
            onClick={(event) => {
              if (blockedBy) event.preventDefault();
            }}
          >
            {invalid
              ? intl.formatMessage(messages.submitInvalid)
              : intl.formatMessage(
                  mode === 'create' ? messages.submitCreate : messages.submitUpdate,
                )}
          </Button>
        </Tooltip>
      </Actions>
    </div>
  );
}
