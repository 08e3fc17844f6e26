export { TaskEditModal, type TaskEditModalProps } from './TaskEditModal';
export { TaskForm, type TaskFormProps, type TaskSaved } from './TaskForm';
export { useCreateTaskMutation, useUpdateTaskMutation } from './taskFormApi';
