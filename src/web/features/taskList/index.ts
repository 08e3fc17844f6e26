export { TaskSummaryCard } from './TaskSummaryCard';
export { Pagination } from './Pagination';
export { useGetTasksQuery } from './taskListApi';
export { formatBudget } from './format';
