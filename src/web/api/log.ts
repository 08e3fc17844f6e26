/**
 * Console logger for API traffic; tests spy on apiLog.response. Every status is logged (SPEC 8):
 * faults as errors and warnings, successes and expected answers at the debug level, which the
 * browser's console hides by default.
 */
export interface ApiLogEntry {
  method: string;
  url: string;
  /** HTTP status, or FETCH_ERROR / PARSING_ERROR / TIMEOUT_ERROR. */
  status: number | string;
  /** An error status the caller expects as an answer (a task that is gone): not a warning. */
  expected?: boolean;
}

export const apiLog = {
  response(entry: ApiLogEntry): void {
    const text = `[api] ${entry.method} ${entry.url} -> ${entry.status}`;
    if (entry.expected) console.debug(text);
    else if (typeof entry.status !== 'number' || entry.status >= 500) console.error(text);
    else if (entry.status >= 400) console.warn(text);
    else console.debug(text);
  },
};
