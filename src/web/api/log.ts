/** Console logger for API traffic; tests spy on apiLog.response. */
export interface ApiLogEntry {
  method: string;
  url: string;
  /** HTTP status, or FETCH_ERROR / PARSING_ERROR / TIMEOUT_ERROR. */
  status: number | string;
}

export const apiLog = {
  response(entry: ApiLogEntry): void {
    const text = `[api] ${entry.method} ${entry.url} -> ${entry.status}`;
    if (typeof entry.status !== 'number' || entry.status >= 500) console.error(text);
    else if (entry.status >= 400) console.warn(text);
    else console.debug(text);
  },
};
