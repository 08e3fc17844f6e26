import { api } from '../../api/api';

/**
 * The push saga's refetch when a report was decided. Apart from moderationApi.ts, whose
 * `injectEndpoints` would bring every moderation endpoint into the sagas' chunk (issue 15, sizes).
 */
export const refetchMyReports = () => api.util.invalidateTags(['MyReports']);
