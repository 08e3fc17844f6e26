-- The read model keeps each task's public questions (issue 18, src/server/cache/readModel.ts): a
-- question asked, answered, hidden or removed drops them in every API process, as migration 007's
-- triggers do for the task's other tables.
CREATE TRIGGER task_questions_cache AFTER INSERT OR UPDATE OR DELETE ON task_questions
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('task', 'task_uuid');
